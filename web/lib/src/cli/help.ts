// The --help texts. docs/cli.md says the same at length.

const EXIT_CODES = `Exit codes: 0 success; 1 the run failed (a library error, printed as "error [CODE]: message",
or a file that cannot be read or written); 2 usage error; 130 interrupted (Ctrl-C).`;

export const MAIN_HELP = `Usage: privsynth <command> [options]

Differentially private synthetic data from a CSV file, with a privacy receipt.

Commands:
  synth <data.csv|.parquet>  make a synthetic table, its privacy receipt and a utility report
  plan --schema <s.json> ... the forecast of a run: noise and expected error per marginal, memory,
                             runtime (reads no data); without --schema: the theorems' conditions
  validate-schema <s.json>   check a schema and print it normalized
  discover <data.csv|.parquet> find a schema privately in the data (spends budget)
  count-tables --schema ...  the exact count tables a run reads, for an SQL engine to compute
  sql --schema ... --table T the query that computes them on DuckDB, PostgreSQL or Spark
  release --counts <file>    a release from those count tables instead of rows (docs/scale.md)
  help [command]             this text, or a command's

Options:
  -h, --help                 help (also: privsynth <command> --help)
  -V, --version              the package and core versions

${EXIT_CODES}
Documentation: docs/cli.md (options of the library: docs/api.md).
`;

export const SYNTH_HELP = `Usage: privsynth synth <data.csv|data.parquet> --epsilon <e> --receipt <r.json> [--schema <s.json>] [options]

Reads the private table, spends epsilon on it and writes a synthetic table with the same columns.

Required:
  -e, --epsilon <number>      total privacy budget, > 0 (the whole release's, schema included)
      --receipt <file>        the privacy receipt (JSON; publish it with the data)
      --no-receipt            go without a receipt instead (not recommended)

The schema (each column's kind and values):
  -s, --schema <file>         a PUBLIC schema JSON: its domains must not come from the data.
                              Without it, the schema is found privately in the data with a share
                              of epsilon (each column's kind, categories, range and bins at private
                              quantiles); the receipt states the whole release
      --discovery-share <s>   the share of epsilon that finds the schema (default 0.3); with
                              --schema, the columns the schema leaves out are found this way
      --schema-out <file>     write the schema found privately (to reuse or edit)

Persons (several rows per person, docs/privacy/privacy-unit.md):
      --privacy-unit <column> without --schema: the column that identifies a person (patient_id).
                              The schema is found from one row per person, and the release protects
                              each person with all their rows, not each row. With --schema, name it
                              as the schema's "privacyUnit" instead
      --per-person <a,b>      with --privacy-unit: the columns that hold one value per person
                              (sex,birth_year); each synthetic person keeps one value in them
      --option rowsPerPerson=<k>
                              with a privacy unit: the most rows a person keeps, drawn at random
                              (1 to 1000; left out, chosen privately near the 75th percentile of
                              rows per person); a larger k keeps more of heavy users' rows but
                              adds noise to every count
  Without a privacy unit every row is taken to be a different person, so a person with several rows
  is protected less; the receipt's privacy.protects says which unit a release protects.

Mechanism and columns:
      --mechanism <name>      auto (default): the mechanism recommended for the columns, epsilon and
                              --target, from public inputs only; the receipt says which and why
                              (--option publicRows=<n> states a number of records you know publicly)
                              adaptive-marginals ((epsilon, delta)-DP; AIM on a graphical model: the
                              most faithful on categorical and mixed tables)
                              reduced-space-lp (pure epsilon-DP), marginal-lp ((epsilon, delta)-DP)
                              or space-partition (pure epsilon-DP; grid or KD-tree bins, for numeric
                              and mixed tables: --option partition=grid, --option tau=...)
                              or sampler (pure epsilon-DP, replace-one: N records from the joint
                              alphabet of the columns: --option samples=100 --option sampler=roo;
                              samplers ds-roo (default), roo, subsampled-rr, laplace-histogram)
      --delta <number>        delta of adaptive-marginals and marginal-lp (default 1e-9)
      --columns <a,b,c>       columns to synthesize (default: every schema column)
      --target <column>       a categorical column (2 to 32 levels): adds a train-on-synthetic /
                              test-on-real report, beside a model trained directly under DP (the
                              models of every target share one budget, the same epsilon;
                              --option mlDirectDp=false: without them)
      --extra-targets <a,b>   more columns to predict from the same synthetic table
      --option <key=value>    any synthesize() option by its library name, repeatable:
                              --option degree=1 --option lpObjective=sum-error
                              (numbers, true/false and JSON arrays are parsed)
      --options-json <json>   the same as one JSON object: '{"degree": 1, "evaluate": false}'
      --seed <integer>        TESTS ONLY: seeded randomness; the output is NOT private

Output:
  -o, --out <file>            the synthetic CSV ("-" or absent: standard output)
      --report <file>         the utility report (JSON; measured on the real data: keep it private)
      --centres <file>        space-partition: the released bins' centres with their noisy counts
                              as a "weight" column (CSV, for kernel density estimates)
      --dp-model <file>       with --target: the models trained directly under DP (JSON). A SEPARATE
                              RELEASE with its own receipt; the summary prints what the CSV and the
                              models cost published together (privacy.tableAndDpModels)
  -q, --quiet                 no progress and no summary on stderr (warnings and errors stay)

Engine (docs/scale.md):
      --engine <name>         auto (default): DuckDB for a Parquet file when the run reads count
                              tables (adaptive-marginals, marginal-lp, reduced-space-lp in the
                              encoded space; no --target); the row engine otherwise. Chosen from
                              the format and the options only, never the file's size
                              rows: the CSV or Parquet file read in chunks into the engine (every
                              mechanism, the utility report; at most 5,000,000 rows)
                              duckdb: out of core, for a file of any size: a CSV's records read by
                              privsynth's own reader, a Parquet file by DuckDB, counted into the
                              exact count tables the run reads, the schema's encoding applied in
                              SQL. The release is the row engine's for the same --seed but for
                              the receipt's "input". No utility report (it compares rows), and no
                              privacy unit (a person's rows are bounded before they are counted)

Every output is written to a temporary file next to it and renamed into place only when the whole
run has succeeded: after an error or Ctrl-C no output exists and earlier files are left untouched.

Ctrl-C stops the run at once: the engine runs in a worker thread that is terminated. (In-process,
the library's AbortSignal is only read at progress events on the thread that computes, so a signal
handler could not run until the core had finished.)

${EXIT_CODES}
`;

export const PLAN_HELP = `Usage: privsynth plan --schema <s.json> --epsilon <e> [--mechanism <name>] [--rows <n>] [synth's options]
       privsynth plan --statistics <|F|> --epsilon <e> --delta <d> --gamma <g> --reference <name> [options]

Reads no data and spends no privacy budget.

With --schema: the forecast of the run synth would make with the same options (docs/forecast.md):
each release (record count, marginals, selections, reference) with its noise scale, budget share
and expected error, every measured marginal known before the run, the fit, memory and a runtime
estimate. Expected errors are those of the noisy counts, before consistency and the fit.

  -s, --schema <file>     the public schema JSON
  -e, --epsilon <e>       the total budget, > 0
      --mechanism <name>  auto (default), adaptive-marginals, reduced-space-lp, marginal-lp,
                          space-partition or sampler
      --delta <d>         delta of adaptive-marginals and marginal-lp (default 1e-9)
      --columns <a,b,c>   columns to synthesize (default: all)
      --target <column>   mlTarget (its test rows are held out from the mechanism)
      --rows <n>          your estimate of the number of records: expected TV and runtime need it
      --option <k=v>, --options-json <json>   any other option of synth (repeatable)
      --json              print the forecast as JSON

Without --schema: the conditions of the theorems behind the reduced-space LP (Boedihardjo et al.
2.2/2.3; Bojkovic & Loh B.1, III.1, IV.1) for public sizes: sigma, the required n, k and m, the
bound K, and which conditions hold (docs/planner.md).

  --statistics <n>        |F|, the number of statistics (test functions)
  --epsilon <number>      epsilon of each private step, > 0
  --delta <number>        accuracy target in (0, 1/2]; the guarantee is 8 delta
  --gamma <number>        failure probability in (0, 1/4)
  --reference <name>      uniform, histogram (both need --domain-size) or bernstein-kde (needs --dimensions)
  --domain-size <n>       |Omega| of a finite domain
  --dimensions <p>        p of the continuous domain [0,1]^p
  --n <n>                 records (if known; a noisy count is taken as exact: leave a margin)
  --k <n>, --m <n>        synthetic rows and reduced-space size, if already chosen
  --tau1, --tau2, --tau   bounds of the data density (Theorems III.1 and IV.1)
  --constant <NAME=x>     a constant the papers leave unspecified (C1, C2, c, C1prime, C0, Cprime;
                          default 1, labelled "assumed"); repeatable
  --json                  print the whole report as JSON

${EXIT_CODES}
`;

export const DISCOVER_HELP = `Usage: privsynth discover <data.csv|.parquet> --columns <spec.json> --epsilon <e> [--delta <d>]
                         --out <schema.json> --receipt <receipt.json> [--privacy-unit <column>] [--seed <n>]

Finds a schema's domains in the data with differential privacy (docs/privacy/domain-discovery.md):
categories whose noisy count passes a threshold ((epsilon, delta)-DP), numeric bounds by private
quantiles inside a public rough range (pure epsilon-DP). The budget is split equally over the
columns. The schema records its cost, and every run with it adds that cost to its receipt.

  -c, --columns <spec.json>  the public part, as JSON: [{"name": "age", "type": "numeric",
                             "range": [0, 150], "integer": true, "bins": 16}, {"name": "sex",
                             "type": "categorical"}] or {"columns": [...], "missing": ["?", ""]}
  -e, --epsilon <e>          the discovery's budget (> 0)
      --delta <d>            needed with categorical columns, e.g. 1e-6
  -o, --out <schema.json>    the discovered schema
      --receipt <r.json>     the discovery's privacy receipt (written together with the schema)
      --privacy-unit <column>
                             the column that identifies a person, when a person can have several
                             rows: one row of each person is read (drawn at random), never the
                             identifiers, so the guarantee is per person; the schema names it as
                             its "privacyUnit" (also "privacyUnit" in spec.json)
      --per-person <a,b>     with --privacy-unit: described columns that hold one value per person,
                             marked "perPerson" in the schema
      --seed <n>             TESTS ONLY: a seeded generator; the result is NOT private

${EXIT_CODES}
`;

export const VALIDATE_SCHEMA_HELP = `Usage: privsynth validate-schema <s.json>

Checks a schema JSON file and prints it normalized (defaults filled in), or the error that names the
column. A schema must be public knowledge: a schema read from the data makes every output NOT private.

${EXIT_CODES}
`;

export const COUNT_TABLES_HELP = `Usage: privsynth count-tables --schema <s.json> --epsilon <e> [--mechanism adaptive-marginals] [synth's options]

Prints, as JSON, the exact marginal count tables the run with these options reads: the column sets
an SQL engine inside your perimeter must GROUP BY, so that a table too large to bring here is
measured there and released with "privsynth release" (docs/scale.md). Reads no data. Today
adaptive-marginals, marginal-lp and reduced-space-lp (encoded space, uniform or tree reference) read
their data only through count tables; the others need rows.

${EXIT_CODES}`;

export const SQL_HELP = `Usage: privsynth sql --schema <s.json> --epsilon <e> --table <T> [--dialect duckdb|postgres|spark] [synth's options]

Prints the one query that computes, in one pass over table T, every exact count table the run with
these options reads (see count-tables), with the schema's encoding applied in SQL exactly as
privsynth applies it to a CSV: missing tokens, categories, numeric bins over the public bounds, and
--option outOfDomain (clamp, reject, error). Run it inside your perimeter and give its result, as
CSV, to "privsynth release --counts". Reads no data. THE RESULT IS AS SENSITIVE AS THE ROWS.

  -s, --schema <file>         the public schema JSON
  -e, --epsilon <e>           the run's budget (it decides nothing in the query, but the options are checked)
      --table <T>             a table name or a table expression: sales.visits, read_parquet('v.parquet')
      --dialect <name>        duckdb (default), postgres or spark
      --typed <a,b>           numeric columns the engine holds as numbers (read directly, faster;
                              the codes are the same)
      --nulls <how>           missing (default: an SQL NULL is a missing value) or empty-text (a CSV
                              loaded as text, where NULL stands for an empty cell)
      --union-all             one GROUP BY per table joined by UNION ALL, instead of GROUPING SETS
      --mechanism, --delta, --columns, --option, --options-json   as for synth

${EXIT_CODES}`;

export const RELEASE_HELP = `Usage: privsynth release --counts <counts.json|result.csv> --schema <s.json> --epsilon <e> --receipt <r.json> [options]

The release of "synth", from exact count tables computed outside privsynth instead of rows: the
result of the query "privsynth sql" prints, as CSV, or JSON
{"tables": [{"columns": ["age", "sex"], "cells": [[code, code, count], ...]}, ...]}, a code being
the column's encoded level (a category's position in the schema, a numeric bin, the last level for
missing). THE COUNT TABLES ARE AS SENSITIVE AS THE ROWS: keep them inside your perimeter. For the
same --seed the release equals the one from the rows, but for the receipt's "input".

  --counts <file>             the count tables: the query's result (CSV) or JSON (see count-tables)
  -s, --schema <file>         the public schema JSON
  -e, --epsilon <e>           the total budget, > 0
      --mechanism <name>      adaptive-marginals, marginal-lp or reduced-space-lp (those that read count tables)
      --delta, --columns, --option, --options-json, --seed   as for synth
  -o, --out <file>            the synthetic CSV ("-" or absent: standard output)
      --receipt <file>        the privacy receipt (required)
  -q, --quiet                 no summary on stderr

${EXIT_CODES}`;
