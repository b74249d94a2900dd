"""MST or AIM of the reference code (ryan112358/private-pgm, numpy version) on one CSV, for
bench/aim/aim.mjs: run side by side with privsynth on the same machine. Writes the synthetic CSV
and prints one JSON line with the wall time. Needs Debian's python3-numpy, -scipy, -pandas,
-networkx and -attr (bench/aim/setup-peers.sh) and a checkout of the reference code.

Usage: /usr/bin/python3 bench/aim/peer.py <mst|aim> <checkout> <data.csv> <domain.json> <epsilon>
       <delta> <seed> <out.csv>
"""
import itertools
import json
import sys
import time
import types

import numpy as np
import scipy.sparse

mechanism, checkout, data_csv, domain_json, epsilon, delta, seed, out_csv = sys.argv[1:9]
# The mechanisms import each other both as "mechanism" and as "mechanisms.cdp2adp".
sys.path[:0] = [f"{checkout}/src", f"{checkout}/mechanisms", checkout]

# The reference AIM builds its identity measurement matrices with hdmm, which Debian does not
# package; a sparse identity is what the estimation code accepts in its place.
hdmm = types.ModuleType("hdmm")
hdmm_matrix = types.ModuleType("hdmm.matrix")
hdmm_matrix.Identity = lambda n: scipy.sparse.eye(n, format="csr")
hdmm.matrix = hdmm_matrix
sys.modules["hdmm"] = hdmm
sys.modules["hdmm.matrix"] = hdmm_matrix
# cdp2adp imports matplotlib for its plots only; the mechanisms' base class imports autodp's
# calibrator for mechanisms other than MST and AIM, which calibrate in zCDP themselves.
for name in ("matplotlib", "matplotlib.pyplot", "autodp"):
    sys.modules[name] = types.ModuleType(name)
sys.modules["autodp"].privacy_calibrator = None

from mbi import Dataset  # noqa: E402

np.random.seed(int(seed))
data = Dataset.load(data_csv, domain_json)
start = time.time()
if mechanism == "mst":
    from mst import MST  # noqa: E402

    synth = MST(data, float(epsilon), float(delta))
else:
    from aim import AIM  # noqa: E402

    # The reference's own defaults: every 2-way marginal of at most 10,000 cells, weight 1.
    workload = [(cl, 1.0) for cl in itertools.combinations(data.domain, 2) if data.domain.size(cl) <= 10000]
    _, synth = AIM(float(epsilon), float(delta)).run(data, workload)
seconds = time.time() - start
synth.df.to_csv(out_csv, index=False)
print(json.dumps({"mechanism": mechanism, "seconds": seconds}))
