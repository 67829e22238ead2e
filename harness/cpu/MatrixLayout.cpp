//===- MatrixLayout.cpp - Fragment layouts and tensor-core arithmetic -----===//
//
// Which matrix element each register of a lane holds (Matrix.h says the
// layouts), and what an mma and an ldmatrix compute once every lane of the
// warp has arrived.
//
// Arithmetic: D(r, c) = C(r, c) + sum over k = 0 .. K-1 of A(r, k) * B(k, c),
// in that order, in f32 (GPUs do not specify the order: tests compare with a
// tolerance). The products of f16, bf16 and tf32 elements are exact in
// f32, so only the additions round; an f16 or bf16 D is the f32 sum
// rounded to nearest even. tf32 inputs are read with their low 13 mantissa
// bits ignored, as the PTX ISA has the tensor cores do.
//
//===----------------------------------------------------------------------===//

#include "Matrix.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cstring>

namespace gevo::cpu {
namespace {

uint16_t half16(const uint32_t *Words, unsigned I) {
  return uint16_t(Words[I / 2] >> (16 * (I & 1)));
}

void setHalf16(uint32_t *Words, unsigned I, uint16_t V) {
  unsigned Shift = 16 * (I & 1);
  Words[I / 2] = (Words[I / 2] & ~(0xFFFFu << Shift)) | uint32_t(V) << Shift;
}

/// mma.sync's layouts (PTX ISA, "Matrix Fragments for mma.m16n8kK").
std::pair<unsigned, unsigned> syncCoord(MatrixShape S, MatrixUse U,
                                        MatrixType T, unsigned Lane,
                                        unsigned I) {
  unsigned G = Lane >> 2, Tg = Lane & 3;
  if (S == MatrixShape::M8N8) // ldmatrix: one 8x8 matrix of b16
    return {G, Tg * 2 + (I & 1)};
  if (U == MatrixUse::Acc)
    return {G + 8 * (I >= 2), Tg * 2 + (I & 1)};
  bool K16 = S == MatrixShape::M16N8K16;
  if (T == MatrixType::TF32) { // m16n8k8, m16n8k4
    if (U == MatrixUse::A)
      return {G + 8 * (I & 1), Tg + 4 * (I >= 2)};
    return {Tg + 4 * I, G};
  }
  if (U == MatrixUse::A) // f16, bf16: m16n8k16, m16n8k8
    return {G + 8 * ((I >> 1) & 1), Tg * 2 + (I & 1) + 8 * (K16 && I >= 4)};
  return {Tg * 2 + (I & 1) + 8 * (I >= 2), G};
}

} // namespace

uint32_t MatrixOp::encode() const {
  unsigned Log = Count == 4 ? 2 : Count == 2 ? 1 : 0;
  return unsigned(Kind) | unsigned(Shape) << 2 | unsigned(Use) << 5 |
         unsigned(Type) << 7 | unsigned(C) << 9 | unsigned(D) << 11 |
         unsigned(ColMajor) << 13 | Log << 14;
}

MatrixOp MatrixOp::decode(uint32_t Bits) {
  MatrixOp O;
  O.Kind = MatrixKind(Bits & 3);
  O.Shape = MatrixShape(Bits >> 2 & 7);
  O.Use = MatrixUse(std::min(Bits >> 5 & 3, 2u));
  O.Type = MatrixType(Bits >> 7 & 3);
  O.C = MatrixType(Bits >> 9 & 3);
  O.D = MatrixType(Bits >> 11 & 3);
  O.ColMajor = Bits >> 13 & 1;
  O.Count = 1u << std::min(Bits >> 14 & 3, 2u);
  return O;
}

std::pair<unsigned, unsigned> matrixDims(MatrixShape S, MatrixUse U) {
  static const unsigned MNK[][3] = {{16, 16, 16}, {32, 8, 16}, {8, 32, 16},
                                    {16, 16, 8},  {16, 8, 16}, {16, 8, 8},
                                    {16, 8, 4},   {8, 8, 8}};
  const unsigned *D = MNK[unsigned(S)];
  switch (U) {
  case MatrixUse::A:
    return {D[0], D[2]};
  case MatrixUse::B:
    return {D[2], D[1]};
  default:
    return {D[0], D[1]};
  }
}

unsigned fragmentElements(MatrixShape S, MatrixUse U, MatrixType T) {
  auto [Rows, Cols] = matrixDims(S, U);
  // NVVM's f16 WMMA A and B fragments are 8 registers of f16x2 whatever
  // the shape: each element is held by 512 / (Rows * Cols) lanes.
  if (S < MatrixShape::M16N8K16 && U != MatrixUse::Acc && T == MatrixType::F16)
    return 16;
  return Rows * Cols / WarpWidth;
}

std::pair<unsigned, unsigned> fragmentCoord(MatrixShape S, MatrixUse U,
                                            MatrixType T, unsigned Lane,
                                            unsigned Elem) {
  if (S >= MatrixShape::M16N8K16)
    return syncCoord(S, U, T, Lane % WarpWidth, Elem);
  auto [Rows, Cols] = matrixDims(S, U);
  unsigned Linear =
      (Lane % WarpWidth * fragmentElements(S, U, T) + Elem) % (Rows * Cols);
  return {Linear / Cols, Linear % Cols};
}

float fragmentElement(const uint32_t *Regs, MatrixType T, unsigned I) {
  switch (T) {
  case MatrixType::F16: {
    uint16_t H = half16(Regs, I);
    _Float16 F;
    std::memcpy(&F, &H, 2);
    return float(F);
  }
  case MatrixType::BF16:
    return llvm::bit_cast<float>(uint32_t(half16(Regs, I)) << 16);
  case MatrixType::TF32:
    return llvm::bit_cast<float>(Regs[I] & ~0x1FFFu);
  case MatrixType::F32:
    return llvm::bit_cast<float>(Regs[I]);
  }
  return 0;
}

void setFragmentElement(uint32_t *Regs, MatrixType T, unsigned I, float V) {
  switch (T) {
  case MatrixType::F16: {
    _Float16 F = static_cast<_Float16>(V);
    uint16_t H;
    std::memcpy(&H, &F, 2);
    setHalf16(Regs, I, H);
    return;
  }
  case MatrixType::BF16: {
    uint32_t U = llvm::bit_cast<uint32_t>(V);
    if ((U & 0x7FFFFFFF) > 0x7F800000) // NaN: a quiet one
      U = (U | 0x00400000);
    else
      U += 0x7FFF + (U >> 16 & 1);
    setHalf16(Regs, I, uint16_t(U >> 16));
    return;
  }
  case MatrixType::TF32:
  case MatrixType::F32:
    Regs[I] = llvm::bit_cast<uint32_t>(V);
    return;
  }
}

void computeMatrixOp(uint32_t Bits, const WarpLanes &Lanes, unsigned Lane) {
  MatrixOp O = MatrixOp::decode(Bits);
  auto *Own = static_cast<uint32_t *>(Lanes.Payload[Lane]);
  if (O.Kind == MatrixKind::LdMatrix) {
    // Lane L's register j: two b16 of matrix j, whose rows lanes 8j..8j+7
    // read; transposed, the column instead.
    for (unsigned J = 0; J < O.Count; ++J)
      for (unsigned E = 0; E < 2; ++E) {
        auto [Row, Col] = syncCoord(MatrixShape::M8N8, MatrixUse::A,
                                    MatrixType::F16, Lane, E);
        if (O.ColMajor)
          std::swap(Row, Col);
        auto *Src = static_cast<const uint32_t *>(Lanes.Payload[J * 8 + Row]);
        setHalf16(Own + RegsB + J, E, half16(Src + RegsA, Col));
      }
    return;
  }
  if (O.Kind != MatrixKind::Mma)
    return;
  auto [M, K] = matrixDims(O.Shape, MatrixUse::A);
  unsigned N = matrixDims(O.Shape, MatrixUse::B).second;
  float A[32 * 16] = {}, B[16 * 32] = {};
  unsigned EA = fragmentElements(O.Shape, MatrixUse::A, O.Type);
  unsigned EB = fragmentElements(O.Shape, MatrixUse::B, O.Type);
  for (unsigned L = 0; L < WarpWidth; ++L) {
    if (!(Lanes.Mask >> L & 1))
      continue;
    auto *Regs = static_cast<const uint32_t *>(Lanes.Payload[L]);
    for (unsigned I = 0; I < EA; ++I) {
      auto [R, C] = fragmentCoord(O.Shape, MatrixUse::A, O.Type, L, I);
      A[R * K + C] = fragmentElement(Regs + RegsA, O.Type, I);
    }
    for (unsigned I = 0; I < EB; ++I) {
      auto [R, C] = fragmentCoord(O.Shape, MatrixUse::B, O.Type, L, I);
      B[R * N + C] = fragmentElement(Regs + RegsB, O.Type, I);
    }
  }
  unsigned EC = fragmentElements(O.Shape, MatrixUse::Acc, O.C);
  for (unsigned I = 0; I < EC; ++I) {
    auto [R, C] = fragmentCoord(O.Shape, MatrixUse::Acc, O.C, Lane, I);
    float Sum = fragmentElement(Own + RegsC, O.C, I);
    for (unsigned Kk = 0; Kk < K; ++Kk)
      Sum += A[R * K + Kk] * B[Kk * N + C];
    setFragmentElement(Own + RegsD, O.D, I, Sum);
  }
}

} // namespace gevo::cpu
