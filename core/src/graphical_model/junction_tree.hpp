#pragma once
// The junction tree of a decomposable graphical model (Koller & Friedman 2009, §10.4; the
// structure Private-PGM estimates on, McKenna, Sheldon & Miklau 2019, §4): the interaction graph
// of the measured attribute sets is triangulated by a greedy elimination order, its maximal
// cliques become the tree's nodes, and the nodes are joined by a maximum spanning tree on the
// number of shared attributes, which has the running intersection property for the cliques of a
// chordal graph. Its size (the cells of all cliques) is known before any factor is allocated, so a
// mechanism can refuse or skip a model that would not fit in memory.
#include <cstddef>
#include <vector>

#include "graphical_model/factor.hpp"
#include "privsynth/status.hpp"

namespace privsynth {

struct JunctionTree {
  std::vector<int> levels;            // of every attribute of the domain
  std::vector<AttributeSet> cliques;  // maximal cliques of the triangulated graph
  // parent[c] = the neighbour towards the root (clique 0), -1 for the root. A domain whose
  // attributes fall apart into unconnected groups is still one tree: its components are joined by
  // empty separators (independence).
  std::vector<int> parent;
  std::vector<AttributeSet> separator;  // separator[c] = cliques[c] ∩ cliques[parent[c]]; root: empty
  std::vector<int> upward_order;        // every clique but the root, children before their parent
  double cells = 0;                     // sum over cliques of their cell counts

  // The smallest clique that holds every attribute of `attributes`, or -1.
  int clique_containing(const AttributeSet& attributes) const;
  // Neighbours of clique c (its parent and its children).
  std::vector<int> neighbours(int c) const;
};

// The maximal cliques a greedy elimination order gives for these attribute sets over every
// attribute of `levels` (an attribute in no set is a clique of its own). At each step the
// attribute whose elimination makes the smallest clique (in cells) goes first, ties to the fewest
// fill edges, then to the lowest index: deterministic.
std::vector<AttributeSet> triangulated_cliques(const std::vector<int>& levels, const std::vector<AttributeSet>& sets);

// The total cells of the junction tree of `sets`, without building it (what a model would hold).
double junction_tree_cells(const std::vector<int>& levels, const std::vector<AttributeSet>& sets);

// DomainTooLarge when the tree would hold more than max_cells cells.
Result<JunctionTree> build_junction_tree(const std::vector<int>& levels, const std::vector<AttributeSet>& sets,
                                         double max_cells);

}  // namespace privsynth
