//===- OperatorData.cpp - Inputs and host reference outputs ----------------===//
//
// Inputs are integers in [-3, 3] drawn from a fixed generator, so every
// product and partial sum is an integer far below 2^24 and exact in float:
// any tiling, accumulation order or fused multiply-add gives the same
// output bit for bit, and a config's output must equal the reference
// exactly.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Operators.h"

namespace gevo::evolve::tune {

namespace {

std::vector<float> smallIntegers(size_t Count, uint64_t Seed) {
  std::vector<float> Out(Count);
  uint64_t X = Seed * 0x9E3779B97F4A7C15ull + 1;
  for (float &V : Out) {
    X += 0x9E3779B97F4A7C15ull;
    uint64_t Z = X;
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    Z ^= Z >> 31;
    V = float(int(Z % 7) - 3);
  }
  return Out;
}

std::vector<float> matmulReference(const OperatorShape &Op, const std::vector<float> &A,
                                   const std::vector<float> &B) {
  std::vector<float> C(outputCount(Op));
  std::vector<float> Row(Op.M);
  for (uint64_t Bt = 0; Bt < Op.Batch; ++Bt) {
    const float *Ab = A.data() + Bt * Op.N * Op.K, *Bb = B.data() + Bt * Op.K * Op.M;
    for (uint64_t N = 0; N < Op.N; ++N) {
      std::fill(Row.begin(), Row.end(), 0.0f);
      for (uint64_t K = 0; K < Op.K; ++K) {
        float X = Op.TransA ? Ab[K * Op.N + N] : Ab[N * Op.K + K];
        for (uint64_t M = 0; M < Op.M; ++M)
          Row[M] += X * (Op.TransB ? Bb[M * Op.K + K] : Bb[K * Op.M + M]);
      }
      std::copy(Row.begin(), Row.end(), C.begin() + (Bt * Op.N + N) * Op.M);
    }
  }
  return C;
}

std::vector<float> conv2dReference(const OperatorShape &Op, const std::vector<float> &In,
                                   const std::vector<float> &W) {
  std::vector<float> Out(outputCount(Op));
  uint64_t Ho = Op.hout(), Wo = Op.wout();
  float *O = Out.data();
  for (uint64_t B = 0; B < Op.Batch; ++B)
    for (uint64_t F = 0; F < Op.Cout; ++F)
      for (uint64_t Y = 0; Y < Ho; ++Y)
        for (uint64_t X = 0; X < Wo; ++X, ++O)
          for (uint64_t C = 0; C < Op.Cin; ++C)
            for (uint64_t R = 0; R < Op.Hk; ++R) {
              int64_t IY = int64_t(Y * Op.Stride + R) - int64_t(Op.Pad);
              if (IY < 0 || IY >= int64_t(Op.H))
                continue;
              for (uint64_t S = 0; S < Op.Wk; ++S) {
                int64_t IX = int64_t(X * Op.Stride + S) - int64_t(Op.Pad);
                if (IX >= 0 && IX < int64_t(Op.W))
                  *O += In[((B * Op.Cin + C) * Op.H + IY) * Op.W + IX] *
                        W[((F * Op.Cin + C) * Op.Hk + R) * Op.Wk + S];
              }
            }
  return Out;
}

} // namespace

std::vector<std::vector<float>> operatorInputs(const OperatorShape &Op) {
  if (Op.Kind == OperatorKind::Conv2D)
    return {smallIntegers(Op.Batch * Op.Cin * Op.H * Op.W, 1),
            smallIntegers(Op.Cout * Op.Cin * Op.Hk * Op.Wk, 2)};
  return {smallIntegers(Op.Batch * Op.N * Op.K, 1),
          smallIntegers(Op.Batch * Op.K * Op.M, 2)};
}

size_t outputCount(const OperatorShape &Op) {
  if (Op.Kind == OperatorKind::Conv2D)
    return Op.Batch * Op.Cout * Op.hout() * Op.wout();
  return Op.Batch * Op.N * Op.M;
}

std::vector<float> referenceOutput(const OperatorShape &Op,
                                   const std::vector<std::vector<float>> &In) {
  return Op.Kind == OperatorKind::Conv2D ? conv2dReference(Op, In[0], In[1])
                                         : matmulReference(Op, In[0], In[1]);
}

} // namespace gevo::evolve::tune
