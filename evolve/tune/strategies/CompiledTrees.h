//===- CompiledTrees.h - Trees compiled for discrete inputs -----*- C++ -*-===//
//
// A forest's trees (GradientBoost's) compiled for inputs whose every feature
// is a function of one small discrete input (a tuning config: a feature
// belongs to one parameter, a function of its value index): each split
// becomes a table over that input's values, and each tree a complete tree
// of fixed depth and a mask table per input it reads (QuickScorer,
// Lucchese et al. 2015), so scoring a config is a few table lookups per
// tree and never builds a feature vector. Each row's leaves are summed in
// tree order, so a margin is the float a walk over features gives.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_COMPILEDTREES_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_COMPILEDTREES_H

#include <algorithm>
#include <cstdint>
#include <vector>

namespace gevo::evolve::tune {

class CompiledTrees {
public:
  /// A tree's node: a split sends rows whose Feature >= Threshold to the
  /// child at Left + 1, the others to Left; a leaf (Feature -1) weighs
  /// Threshold.
  struct Node {
    int32_t Feature = -1;
    float Threshold = 0;
    uint32_t Left = 0;
  };

  /// Nothing compiled.
  void clear() {
    NodeInput.clear(), NodeTable.clear(), Right.clear(), Inputs.clear(), Tables.clear(),
        Leaves.clear(), MaskAt.clear(), MaskInput.clear(), Masks8.clear(), Masks64.clear();
  }

  /// Compiles the trees of Roots (in Nodes, each at most Depth deep) not
  /// compiled yet, for discrete inputs: feature F is Table[F][V] when its
  /// input InputOf[F] takes value index V. Each tree becomes a complete
  /// tree of depth Depth (a leaf above it a split that always goes left,
  /// its leaf repeated below), so that a walk is Depth table lookups
  /// without a branch on the node's kind.
  void bind(const std::vector<Node> &Nodes, const std::vector<uint32_t> &Roots, unsigned Depth,
            const std::vector<uint32_t> &InputOf,
            const std::vector<std::vector<float>> &Table) {
    this->Depth = Depth;
    if (Right.empty()) { // the always-left table, as long as any input's
      size_t Most = 1;
      for (const auto &T : Table)
        Most = std::max(Most, T.size());
      Right.assign(Most, 0);
    }
    for (size_t I = NodeInput.size(); I < Nodes.size(); ++I) {
      const Node &Nd = Nodes[I];
      NodeInput.push_back(Nd.Feature < 0 ? 0 : InputOf[Nd.Feature]);
      NodeTable.push_back(Nd.Feature < 0 ? 0 : uint32_t(Right.size()));
      if (Nd.Feature >= 0)
        for (float V : Table[Nd.Feature])
          Right.push_back(V >= Nd.Threshold);
    }
    ValuesOf.assign(Table.size(), 0);
    for (size_t F = 0; F < Table.size(); ++F)
      ValuesOf[InputOf[F]] = uint32_t(Table[F].size());
    size_t Slots = (size_t(1) << Depth) - 1;
    for (size_t T = trees(); T < Roots.size(); ++T) {
      Inputs.resize((T + 1) * Slots), Tables.resize((T + 1) * Slots);
      Leaves.resize((T + 1) * (Slots + 1));
      place(Nodes, Roots[T], T, 0);
      if (Depth <= MaskDepth)
        masks(T);
    }
  }
  /// Trees compiled.
  size_t trees() const { return Leaves.size() >> Depth; }

  /// Adds to Sum[R] the leaves of trees [From, trees()) for Rows discrete
  /// inputs, In[R * Stride + K] being row R's input K. Tree by tree over a
  /// block of rows that stays in the L1 cache, so that the rows' lookups
  /// overlap; each row's leaves are summed in tree order whatever the
  /// blocks.
  void addMargins(const uint32_t *In, size_t Rows, size_t Stride, size_t From,
                  float *Sum) const {
    size_t Slots = (size_t(1) << Depth) - 1;
    size_t Block = std::max<size_t>(1, 4096 / std::max<size_t>(1, Stride));
    for (size_t R0 = 0; R0 < Rows; R0 += Block) {
      size_t R1 = std::min(Rows, R0 + Block);
      for (size_t T = From; T < trees(); ++T) {
        const float *Leaf = &Leaves[T * (Slots + 1)];
        if (Depth <= 3) { // the leaf as a mask's lowest bit
          addMasked(Masks8, T, In + R0 * Stride, R1 - R0, Stride, Leaf, Sum + R0);
          continue;
        }
        if (Depth <= MaskDepth) {
          addMasked(Masks64, T, In + R0 * Stride, R1 - R0, Stride, Leaf, Sum + R0);
          continue;
        }
        const uint32_t *Inp = &Inputs[T * Slots], *Tab = &Tables[T * Slots];
        for (size_t R = R0; R < R1; ++R) {
          const uint32_t *Row = In + R * Stride;
          size_t K = 0;
          for (unsigned D = 0; D < Depth; ++D)
            K = 2 * K + 1 + Right[Tab[K] + Row[Inp[K]]];
          Sum[R] += Leaf[K - Slots];
        }
      }
    }
  }

private:
  /// Slot K of tree T's complete tree (K < Slots) sends input Row[Inputs[T *
  /// Slots + K]] = V right when Right[Tables[T * Slots + K] + V]; node N
  /// of Nodes is there.
  void place(const std::vector<Node> &Nodes, uint32_t N, size_t T, size_t K) {
    size_t Slots = (size_t(1) << Depth) - 1;
    if (K >= Slots) {
      Leaves[T * (Slots + 1) + K - Slots] = Nodes[N].Threshold;
      return;
    }
    bool Leaf = Nodes[N].Feature < 0;
    Inputs[T * Slots + K] = Leaf ? 0 : NodeInput[N];
    Tables[T * Slots + K] = Leaf ? 0 : NodeTable[N];
    place(Nodes, Leaf ? N : Nodes[N].Left, T, 2 * K + 1);
    place(Nodes, Leaf ? N : Nodes[N].Left + 1, T, 2 * K + 2);
  }

  /// Per (tree, input it reads): a mask of Word per value of the input
  /// (Word: a bit per leaf of the complete tree; the smallest that holds
  /// them, so that the tables stay in cache).
  template <typename Word> struct MaskSet {
    std::vector<std::vector<Word>> Store;
    std::vector<const Word *> Table; ///< Store's data
    void clear() { Store.clear(), Table.clear(); }
  };

  /// Adds tree T's leaf to Sum[R] for Rows rows (In[R * Stride + K]: row
  /// R's input K) through its masks in Set: a chunk of rows at a time, one
  /// input the tree reads after another, so that the rows' lookups are
  /// independent of each other.
  template <typename Word>
  void addMasked(const MaskSet<Word> &Set, size_t T, const uint32_t *In,
                 size_t Rows, size_t Stride, const float *Leaf, float *Sum) const {
    const uint32_t *Inp = &MaskInput[MaskAt[T]];
    const Word *const *Tab = &Set.Table[MaskAt[T]];
    size_t Reads = MaskAt[T + 1] - MaskAt[T];
    constexpr size_t Chunk = 256;
    Word Live[Chunk];
    for (size_t R0 = 0; R0 < Rows; R0 += Chunk) {
      size_t N = std::min(Chunk, Rows - R0);
      const uint32_t *Rows0 = In + R0 * Stride;
      std::fill(Live, Live + N, Word(~Word(0)));
      for (size_t J = 0; J < Reads; ++J) {
        const Word *Masks = Tab[J];
        const uint32_t *Input = Rows0 + Inp[J];
        for (size_t R = 0; R < N; ++R)
          Live[R] &= Masks[Input[R * Stride]];
      }
      for (size_t R = 0; R < N; ++R)
        Sum[R0 + R] += Leaf[__builtin_ctzll(Live[R])];
    }
  }

  /// Tree T's leaf for a row without a walk: a split that sends the row
  /// right rules out the leaves of its left side, and the row's leaf is
  /// the leftmost one left. Per input the tree reads, a table over the
  /// input's values of the leaves each value leaves in (bit L: the complete
  /// tree's leaf L); the row's leaf is the lowest bit of their AND.
  void masks(size_t T) {
    if (Depth <= 3)
      masks(T, Masks8);
    else
      masks(T, Masks64);
  }
  template <typename Word> void masks(size_t T, MaskSet<Word> &Set) {
    size_t Slots = (size_t(1) << Depth) - 1;
    if (MaskAt.empty())
      MaskAt.push_back(0);
    size_t First = MaskInput.size();
    for (size_t K = 0; K < Slots; ++K) {
      uint32_t Tab = Tables[T * Slots + K], In = Inputs[T * Slots + K];
      if (Tab == 0)
        continue; // a leaf's padding: always left
      size_t J = First;
      while (J < MaskInput.size() && MaskInput[J] != In)
        ++J;
      if (J == MaskInput.size()) {
        // A moved vector keeps its storage: the Table's pointers stay valid.
        MaskInput.push_back(In);
        Set.Store.emplace_back(ValuesOf[In], Word(~Word(0)));
        Set.Table.push_back(Set.Store.back().data());
      }
      unsigned Level = 0;
      while ((size_t(2) << Level) - 1 <= K)
        ++Level;
      size_t Span = size_t(1) << (Depth - Level),
             At = (K + 1 - (size_t(1) << Level)) * Span;
      auto LeftSide = Word(((uint64_t(1) << (Span / 2)) - 1) << At);
      std::vector<Word> &M = Set.Store[J];
      for (uint32_t V = 0; V < M.size(); ++V)
        if (Right[Tab + V])
          M[V] &= ~LeftSide;
    }
    MaskAt.push_back(MaskInput.size());
  }

  static constexpr unsigned MaskDepth = 6; ///< leaves fit a 64-bit mask
  unsigned Depth = 3;
  /// Per node compiled: its input and its table in Right.
  std::vector<uint32_t> NodeInput, NodeTable;
  std::vector<uint8_t> Right; ///< per split, go right by input value
  std::vector<uint32_t> Inputs, Tables; ///< the complete trees' slots
  std::vector<float> Leaves;            ///< and leaves
  std::vector<uint32_t> ValuesOf;       ///< per input: its values
  std::vector<size_t> MaskAt; ///< tree T's inputs: [MaskAt[T], MaskAt[T+1])
  std::vector<uint32_t> MaskInput;      ///< per (tree, input): the input
  MaskSet<uint8_t> Masks8;   ///< and its masks, for trees of depth <= 3
  MaskSet<uint64_t> Masks64; ///< or deeper
};

} // namespace gevo::evolve::tune

#endif
