//===- Matrix.h - WMMA and mma.sync fragments, warp-collectively -*- C++ -*-===//
//
// Tensor-core operations on the cpu target. The NVVM intrinsics clang
// emits for CUDA's nvcuda::wmma (llvm.nvvm.wmma.*: load, store, mma) and
// those inline PTX's mma.sync and ldmatrix become (llvm.nvvm.mma.*,
// llvm.nvvm.ldmatrix.*) are lowered to one runtime call, gevo_rt_matrix
// (MatrixLower.cpp), whose operation is a MatrixOp packed in 32 bits and
// whose registers travel in a 32-word array on the calling lane's stack.
// Every such call is a warp rendezvous over the full warp (Scheduler's
// warp operations, kind WarpMatrix): a lane that never arrives, or lanes at
// different matrix operations, end the launch with DivergentBarrier.
//
// Fragment layouts: mma.sync's and ldmatrix's are the PTX ISA's
// ("Matrix Fragments for mma.m16n8k16" and friends), exactly. WMMA's are
// unspecified by CUDA; gevo's is simple: element I of lane L holds the
// matrix element of row-major linear index (L * E + I) mod (Rows * Cols),
// E the fragment's elements per lane (f16 A/B fragments hold each element
// in 2 or 4 lanes, as NVVM's register counts imply). The layout is the
// same for row- and column-major memory, so load, store, fill and mma
// agree, and element-wise code over frag.x[i] works.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_MATRIX_H
#define GEVO_HARNESS_CPU_MATRIX_H

#include "Warp.h"

#include <cstdint>
#include <utility>

namespace gevo::cpu {

enum class MatrixKind : unsigned { Load, Store, Mma, LdMatrix };
enum class MatrixShape : unsigned {
  M16N16K16, M32N8K16, M8N32K16, M16N16K8, // WMMA
  M16N8K16, M16N8K8, M16N8K4,              // mma.sync
  M8N8                                     // ldmatrix
};
enum class MatrixUse : unsigned { A, B, Acc };
enum class MatrixType : unsigned { F16, BF16, TF32, F32 };

/// One matrix operation, as the lowering packs it into gevo_rt_matrix's
/// first argument.
struct MatrixOp {
  MatrixKind Kind = MatrixKind::Load;
  MatrixShape Shape = MatrixShape::M16N16K16;
  MatrixUse Use = MatrixUse::A; ///< The fragment a load or store moves.
  /// A load's or store's element type; an mma's A and B type.
  MatrixType Type = MatrixType::F16;
  MatrixType C = MatrixType::F32, D = MatrixType::F32; ///< An mma's.
  bool ColMajor = false; ///< A load's or store's memory; ldmatrix .trans.
  unsigned Count = 1;    ///< ldmatrix .x1, .x2, .x4.

  uint32_t encode() const;
  static MatrixOp decode(uint32_t Bits);
  /// Whether the layouts are mma.sync's (documented) rather than WMMA's.
  bool isSync() const { return Shape >= MatrixShape::M16N8K16; }
};

/// Where a lane's registers lie in the word array it passes: an mma's A,
/// B, C and D; a load's result and a store's source at RegsA; ldmatrix's
/// rows (4 words) at RegsA and its result at RegsB.
inline constexpr unsigned RegsA = 0, RegsB = 8, RegsC = 16, RegsD = 24,
                          RegsWords = 32;

/// A matrix's rows and columns: A is M x K, B K x N, C and D M x N.
std::pair<unsigned, unsigned> matrixDims(MatrixShape S, MatrixUse U);
/// Bytes of one element of \p T (tf32 lives in 32 bits).
inline unsigned elementBytes(MatrixType T) {
  return T == MatrixType::F16 || T == MatrixType::BF16 ? 2 : 4;
}
/// Elements of a fragment each lane holds.
unsigned fragmentElements(MatrixShape S, MatrixUse U, MatrixType T);
/// 32-bit registers of such a fragment (16-bit elements two to a word).
inline unsigned fragmentRegs(MatrixShape S, MatrixUse U, MatrixType T) {
  return (fragmentElements(S, U, T) * elementBytes(T) + 3) / 4;
}
/// The (row, column) element \p Elem of lane \p Lane's fragment holds.
std::pair<unsigned, unsigned> fragmentCoord(MatrixShape S, MatrixUse U,
                                            MatrixType T, unsigned Lane,
                                            unsigned Elem);

/// Element \p I of a fragment held in \p Regs, as a float (tf32: its low
/// 13 mantissa bits ignored, as the tensor cores do), and back (f16 and
/// bf16 rounded to nearest even).
float fragmentElement(const uint32_t *Regs, MatrixType T, unsigned I);
void setFragmentElement(uint32_t *Regs, MatrixType T, unsigned I, float V);

/// What a matrix rendezvous computes for \p Lane, into that lane's words
/// (Lanes.Payload): an mma's D from every lane's A, B and C, ldmatrix's
/// registers from the rows the lanes read. Loads and stores compute
/// nothing here (each lane moves its own elements).
void computeMatrixOp(uint32_t Op, const WarpLanes &Lanes, unsigned Lane);

/// gevo_rt_matrix: the calling lane's part of operation \p Op, its registers
/// in \p Regs (RegsWords words), \p Mem and \p Stride (in elements) a load's
/// or store's, \p Mem an ldmatrix lane's row (MatrixRuntime.cpp).
void rtMatrix(uint32_t Op, uint32_t *Regs, char *Mem, uint32_t Stride,
              const char *Uid);

} // namespace gevo::cpu

#endif // GEVO_HARNESS_CPU_MATRIX_H
