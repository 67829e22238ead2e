//===- MatrixLayoutTest.cpp - Fragment layouts and tensor-core arithmetic -===//
//
// The internal mapping of Matrix.h: mma.sync's layouts against values read
// off the PTX ISA's fragment tables, every layout covering its matrix, the
// op encoding, and an mma and an ldmatrix computed over a whole warp.
//
//===----------------------------------------------------------------------===//

#include "Matrix.h"

#include "gtest/gtest.h"

#include <map>
#include <vector>

using namespace gevo::cpu;

namespace {

using Coord = std::pair<unsigned, unsigned>;

/// How many (lane, element) pairs hold each element of the matrix.
std::map<Coord, unsigned> coverage(MatrixShape S, MatrixUse U, MatrixType T) {
  std::map<Coord, unsigned> Held;
  for (unsigned L = 0; L < WarpWidth; ++L)
    for (unsigned I = 0; I < fragmentElements(S, U, T); ++I)
      ++Held[fragmentCoord(S, U, T, L, I)];
  return Held;
}

TEST(MatrixLayout, SyncLayoutsAreThePtxIsas) {
  using S = MatrixShape;
  using U = MatrixUse;
  using T = MatrixType;
  /// Where the PTX ISA's table of a fragment puts a lane's element.
  struct Spot {
    unsigned Lane, Element;
    Coord Want;
  };
  struct Fragment {
    MatrixShape Shape;
    MatrixUse Use;
    MatrixType Type;
    std::vector<Spot> Spots;
  } Fragments[] = {
      // m16n8k16 f16: lane 5 is group 1, thread 1 of its group.
      {S::M16N8K16,
       U::A,
       T::F16,
       {{5, 0, {1, 2}}, {5, 3, {9, 3}}, {5, 5, {1, 11}}, {5, 6, {9, 10}}}},
      {S::M16N8K16, U::B, T::F16, {{5, 3, {11, 1}}}},
      {S::M16N8K16, U::Acc, T::F32, {{31, 3, {15, 7}}}},
      {S::M16N8K8, U::A, T::F16, {{6, 2, {9, 4}}}},
      {S::M16N8K8, U::B, T::BF16, {{6, 1, {5, 1}}}},
      // tf32 m16n8k8: a1 is row + 8, a2 column + 4; b1 row + 4.
      {S::M16N8K8, U::A, T::TF32, {{6, 1, {9, 2}}, {6, 2, {1, 6}}}},
      {S::M16N8K8, U::B, T::TF32, {{6, 1, {6, 1}}}},
      {S::M16N8K4, U::A, T::TF32, {{7, 1, {9, 3}}}},
  };
  for (const Fragment &F : Fragments)
    for (const Spot &P : F.Spots)
      EXPECT_EQ(fragmentCoord(F.Shape, F.Use, F.Type, P.Lane, P.Element),
                P.Want)
          << "lane " << P.Lane << " element " << P.Element;
}

TEST(MatrixLayout, EveryLayoutCoversItsMatrix) {
  struct Case {
    MatrixShape S;
    MatrixType T;
  } Cases[] = {{MatrixShape::M16N16K16, MatrixType::F16},
               {MatrixShape::M32N8K16, MatrixType::F16},
               {MatrixShape::M8N32K16, MatrixType::F16},
               {MatrixShape::M16N16K16, MatrixType::BF16},
               {MatrixShape::M32N8K16, MatrixType::BF16},
               {MatrixShape::M16N16K8, MatrixType::TF32},
               {MatrixShape::M16N8K16, MatrixType::F16},
               {MatrixShape::M16N8K8, MatrixType::BF16},
               {MatrixShape::M16N8K8, MatrixType::TF32},
               {MatrixShape::M16N8K4, MatrixType::TF32}};
  for (const Case &C : Cases)
    for (MatrixUse U : {MatrixUse::A, MatrixUse::B, MatrixUse::Acc}) {
      MatrixType T = U == MatrixUse::Acc ? MatrixType::F32 : C.T;
      auto [Rows, Cols] = matrixDims(C.S, U);
      std::map<Coord, unsigned> Held = coverage(C.S, U, T);
      EXPECT_EQ(Held.size(), Rows * Cols);
      unsigned Copies = fragmentElements(C.S, U, T) * WarpWidth / (Rows * Cols);
      for (auto [At, N] : Held) {
        EXPECT_LT(At.first, Rows);
        EXPECT_LT(At.second, Cols);
        EXPECT_EQ(N, Copies);
      }
    }
  // NVVM's register counts: f16 WMMA A/B 8 registers, bf16 4, tf32 4.
  EXPECT_EQ(fragmentRegs(MatrixShape::M16N16K16, MatrixUse::A, MatrixType::F16), 8u);
  EXPECT_EQ(fragmentRegs(MatrixShape::M16N16K16, MatrixUse::A, MatrixType::BF16), 4u);
  EXPECT_EQ(fragmentRegs(MatrixShape::M8N32K16, MatrixUse::A, MatrixType::BF16), 2u);
  EXPECT_EQ(fragmentRegs(MatrixShape::M16N16K8, MatrixUse::B, MatrixType::TF32), 4u);
  EXPECT_EQ(fragmentRegs(MatrixShape::M16N16K16, MatrixUse::Acc, MatrixType::F16), 4u);
}

TEST(MatrixLayout, OpEncodingRoundTrips) {
  MatrixOp O;
  O.Kind = MatrixKind::LdMatrix;
  O.Shape = MatrixShape::M8N8;
  O.ColMajor = true;
  O.Count = 4;
  MatrixOp R = MatrixOp::decode(O.encode());
  EXPECT_EQ(R.Kind, O.Kind);
  EXPECT_EQ(R.Shape, O.Shape);
  EXPECT_TRUE(R.ColMajor);
  EXPECT_EQ(R.Count, 4u);
  O = MatrixOp();
  O.Kind = MatrixKind::Mma;
  O.Shape = MatrixShape::M32N8K16;
  O.C = MatrixType::F16;
  O.D = MatrixType::F32;
  R = MatrixOp::decode(O.encode());
  EXPECT_EQ(R.Shape, O.Shape);
  EXPECT_EQ(R.C, MatrixType::F16);
  EXPECT_EQ(R.D, MatrixType::F32);
  EXPECT_FALSE(R.isSync());
}

/// D = A B + C over a warp, each lane's words built from the matrices by
/// the layout; A(r, k) = r + k / 4, B(k, c) = k - c, C(r, c) = r * c.
void checkMma(MatrixShape S, MatrixType AB, MatrixType CD) {
  MatrixOp O;
  O.Kind = MatrixKind::Mma;
  O.Shape = S;
  O.Type = AB;
  O.C = O.D = CD;
  auto A = [](unsigned R, unsigned K) { return float(R) + float(K) / 4; };
  auto B = [](unsigned K, unsigned C) { return float(K) - float(C); };
  std::vector<std::vector<uint32_t>> Words(WarpWidth,
                                           std::vector<uint32_t>(RegsWords));
  WarpLanes Lanes;
  Lanes.Mask = ~0u;
  for (unsigned L = 0; L < WarpWidth; ++L) {
    uint32_t *W = Words[L].data();
    Lanes.Payload[L] = W;
    for (unsigned I = 0; I < fragmentElements(S, MatrixUse::A, AB); ++I) {
      auto [R, K] = fragmentCoord(S, MatrixUse::A, AB, L, I);
      setFragmentElement(W + RegsA, AB, I, A(R, K));
    }
    for (unsigned I = 0; I < fragmentElements(S, MatrixUse::B, AB); ++I) {
      auto [K, C] = fragmentCoord(S, MatrixUse::B, AB, L, I);
      setFragmentElement(W + RegsB, AB, I, B(K, C));
    }
    for (unsigned I = 0; I < fragmentElements(S, MatrixUse::Acc, CD); ++I) {
      auto [R, C] = fragmentCoord(S, MatrixUse::Acc, CD, L, I);
      setFragmentElement(W + RegsC, CD, I, float(R * C));
    }
  }
  unsigned K = matrixDims(S, MatrixUse::A).second;
  for (unsigned L = 0; L < WarpWidth; ++L) {
    computeMatrixOp(O.encode(), Lanes, L);
    for (unsigned I = 0; I < fragmentElements(S, MatrixUse::Acc, CD); ++I) {
      auto [R, C] = fragmentCoord(S, MatrixUse::Acc, CD, L, I);
      float Want = float(R * C);
      for (unsigned Kk = 0; Kk < K; ++Kk)
        Want += A(R, Kk) * B(Kk, C);
      EXPECT_FLOAT_EQ(fragmentElement(Words[L].data() + RegsD, CD, I), Want)
          << "lane " << L << " element " << I;
    }
  }
}

TEST(MatrixLayout, MmaOverAWarp) {
  checkMma(MatrixShape::M16N16K16, MatrixType::F16, MatrixType::F32);
  checkMma(MatrixShape::M8N32K16, MatrixType::BF16, MatrixType::F32);
  checkMma(MatrixShape::M16N16K8, MatrixType::TF32, MatrixType::F32);
  checkMma(MatrixShape::M16N8K16, MatrixType::F16, MatrixType::F32);
  checkMma(MatrixShape::M16N8K8, MatrixType::TF32, MatrixType::F32);
}

TEST(MatrixLayout, Tf32InputsIgnoreTheLow13Bits) {
  uint32_t W = 0x3F800000 | 0x1FFF; // 1.0 plus bits tf32 does not have
  EXPECT_EQ(fragmentElement(&W, MatrixType::TF32, 0), 1.0f);
  EXPECT_NE(fragmentElement(&W, MatrixType::F32, 0), 1.0f);
}

TEST(MatrixLayout, LdMatrixGivesRowsAndColumns) {
  // Lane l reads row l % 8 of matrix l / 8, element e holding 100 j + 10 r + e.
  std::vector<std::vector<uint32_t>> Words(WarpWidth,
                                           std::vector<uint32_t>(RegsWords));
  WarpLanes Lanes;
  Lanes.Mask = ~0u;
  auto Value = [](unsigned J, unsigned R, unsigned E) {
    return uint16_t(100 * J + 10 * R + E);
  };
  for (unsigned L = 0; L < WarpWidth; ++L) {
    Lanes.Payload[L] = Words[L].data();
    for (unsigned E = 0; E < 8; ++E)
      Words[L][RegsA + E / 2] |= uint32_t(Value(L / 8, L % 8, E)) << 16 * (E & 1);
  }
  for (bool Trans : {false, true}) {
    MatrixOp O;
    O.Kind = MatrixKind::LdMatrix;
    O.Shape = MatrixShape::M8N8;
    O.Count = 4;
    O.ColMajor = Trans;
    for (unsigned L = 0; L < WarpWidth; ++L) {
      computeMatrixOp(O.encode(), Lanes, L);
      unsigned Row = L / 4, Col = L % 4 * 2;
      for (unsigned J = 0; J < 4; ++J) {
        uint32_t Want = Trans ? Value(J, Col, Row) | Value(J, Col + 1, Row) << 16
                              : Value(J, Row, Col) | Value(J, Row, Col + 1) << 16;
        EXPECT_EQ(Words[L][RegsB + J], Want) << "lane " << L << " matrix " << J;
      }
    }
  }
}

} // namespace
