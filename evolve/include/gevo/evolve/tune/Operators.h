//===- Operators.h - Parametric tensor operators for live tuning -*- C++ -*-===//
//
// The tensor operators the live objective tunes (MatMul, BatchMatMul,
// Conv2D; kernels in evolve/tune/operators/) at a given size: their search
// space (OpEvo appendix B's factorizations plus the kernel template's
// resource limits as constraints), what a config instantiates to (gevo-cc
// defines and the launch), deterministic inputs and the host reference
// output. evolve/tune/operators/README.md maps each factor onto the
// kernel's loops.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_OPERATORS_H
#define GEVO_EVOLVE_TUNE_OPERATORS_H

#include "gevo/evolve/tune/Space.h"
#include "gevo/harness/Spec.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gevo::evolve::tune {

enum class OperatorKind { MatMul, BatchMatMul, Conv2D };
/// "matmul", "batch_matmul", "conv2d".
const char *operatorKindName(OperatorKind K);

/// One operator at one size. MatMul and BatchMatMul: C[b] (N x M) =
/// A[b] (N x K, or K x N transposed) x B[b] (K x M, or M x K transposed).
/// Conv2D: NCHW input (Batch, Cin, H, W), weights (Cout, Cin, Hk, Wk),
/// stride and zero padding.
struct OperatorShape {
  OperatorKind Kind = OperatorKind::MatMul;
  std::string Name; ///< a paper operator ("MM1") or the kind and sizes
  uint64_t Batch = 1, N = 1, K = 1, M = 1;
  bool TransA = false, TransB = false;
  uint64_t Cin = 1, H = 1, W = 1, Cout = 1, Hk = 1, Wk = 1, Stride = 1, Pad = 0;

  uint64_t hout() const { return (H + 2 * Pad - Hk) / Stride + 1; }
  uint64_t wout() const { return (W + 2 * Pad - Wk) / Stride + 1; }
  /// Multiply-adds x 2.
  double flops() const;
  /// The kernel source in evolve/tune/operators and its kernel's name.
  const char *source() const;
  const char *kernel() const;
};

/// Kind is "matmul", "batch_matmul" or "conv2d"; Size is empty (a small
/// default for a cpu trial well under a second), a paper operator (MM1-MM3,
/// BMM1-BMM3, C1, C2) and/or comma-separated key=value overrides (n, k, m,
/// batch, trans_a, trans_b; batch, cin, h, w, cout, hk, wk, stride, pad),
/// e.g. "MM1,n=64" or "n=64,k=128,m=128". Fails with one line ("--size:
/// ..." for a bad size).
llvm::Expected<OperatorShape> parseOperator(const std::string &Kind,
                                            const std::string &Size);

/// The kernel template's limits, as constraints of the space.
struct Limits {
  unsigned ThreadsPerBlock = 1024;
  unsigned SharedBytes = 48 * 1024;   ///< static __shared__ per block
  unsigned RegistersPerThread = 255;  ///< the per-thread tile held in registers
};

/// OpEvo appendix B's space for Op (named as the JSON spaces in
/// evolve/tune/spaces) with the template's limits as constraints. Fails,
/// with Op's name first, when a size has too many factorizations or the
/// space more than 2^63 configs.
llvm::Expected<Space> operatorSpace(const OperatorShape &Op, const Limits &L = {});

/// What a config of operatorSpace(Op) makes.
struct Instance {
  std::vector<std::string> Defines; ///< NAME=VALUE for gevo-cc
  Dim3 Grid, Block;
};
/// Fails when S lacks a parameter of operatorSpace(Op).
llvm::Expected<Instance> instantiate(const OperatorShape &Op, const Space &S,
                                     const Config &C);

/// The kernel's inputs (small integers, so every tiling's result is exact)
/// in argument order, and the element count of its output.
std::vector<std::vector<float>> operatorInputs(const OperatorShape &Op);
size_t outputCount(const OperatorShape &Op);
/// The output computed on the host.
std::vector<float> referenceOutput(const OperatorShape &Op,
                                   const std::vector<std::vector<float>> &In);

} // namespace gevo::evolve::tune

#endif
