//===- Mlp.h - A one-hidden-layer MLP trained by momentum SGD on a device -*- C++ -*-===//
//
// inputs -> Hidden (ReLU) -> classes (softmax cross-entropy), trained with
// kernel.cu's kernels: per minibatch a forward pass, the backward pass and
// one momentum_sgd launch per parameter blob (W1, b1, W2, b2), as Caffe2
// updates each blob. Weights start uniform in +-sqrt(6 / (fan_in +
// fan_out)) from the seed, biases and momenta at 0; each epoch visits the
// samples in an order drawn from the seed. Deterministic for a seed.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_ML_SGD_MLP_H
#define GEVO_BENCHMARKS_ML_SGD_MLP_H

#include "../common/Device.h"
#include "../common/FashionMnist.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gevo::ml {

struct MlpParams {
  unsigned Hidden = 64;
  unsigned Batch = 50;
  float Lr = 0.05f;
  float Momentum = 0.9f;
  uint64_t Seed = 1;
};

class Mlp {
public:
  /// Labels given to train() and returned by predict() are 0..Classes-1.
  Mlp(Device &Dev, size_t Inputs, size_t Classes, const MlpParams &P)
      : Dev(Dev), P(P), Inputs(Inputs), Classes(Classes), Init(P.Seed),
        L1(makeLayer(Inputs, P.Hidden)), L2(makeLayer(P.Hidden, Classes)),
        H1(Dev.alloc<float>(size_t(P.Batch) * P.Hidden)),
        DH1(Dev.alloc<float>(size_t(P.Batch) * P.Hidden)),
        Z2(Dev.alloc<float>(size_t(P.Batch) * Classes)),
        DZ2(Dev.alloc<float>(size_t(P.Batch) * Classes)),
        Loss(Dev.alloc<float>(P.Batch)) {}

  /// One epoch over \p S (labels \p Y) in an order drawn from \p Order;
  /// returns each minibatch's mean loss.
  std::vector<float> trainEpoch(const Samples &S, const std::vector<int> &Y,
                                Rng &Order) {
    std::vector<size_t> Perm(S.size());
    std::iota(Perm.begin(), Perm.end(), 0);
    Order.shuffle(Perm);
    size_t Mark = Dev.mark();
    Samples Shuffled = pick(S, Perm);
    std::vector<int> Labels;
    for (size_t I : Perm)
      Labels.push_back(Y[I]);
    DevPtr DX = Dev.upload(Shuffled.X), DL = Dev.upload(Labels);

    std::vector<float> Losses;
    for (size_t Start = 0; Start < S.size(); Start += P.Batch) {
      int Rows = int(std::min<size_t>(P.Batch, S.size() - Start));
      DevPtr X = DX.plus<float>(Start * Inputs);
      forward(X, Rows);
      Dev.launch("softmax_xent", {blocks(Rows)}, {Threads}, 0, Z2,
                 DL.plus<int>(Start), Rows, int(Classes), 1.0f / float(Rows),
                 DZ2, Loss);
      std::vector<float> L = Dev.read<float>(Loss, size_t(Rows));
      Losses.push_back(std::accumulate(L.begin(), L.end(), 0.0f) / float(Rows));
      backward(X, Rows);
      update(L1);
      update(L2);
    }
    Dev.releaseTo(Mark);
    return Losses;
  }

  /// The most probable class of every sample (the first on ties).
  std::vector<int> predict(const Samples &S) {
    size_t Mark = Dev.mark();
    DevPtr DX = Dev.upload(S.X);
    std::vector<int> Pred;
    for (size_t Start = 0; Start < S.size(); Start += P.Batch) {
      int Rows = int(std::min<size_t>(P.Batch, S.size() - Start));
      forward(DX.plus<float>(Start * Inputs), Rows);
      std::vector<float> Z = Dev.read<float>(Z2, size_t(Rows) * Classes);
      for (int R = 0; R < Rows; ++R) {
        const float *Row = Z.data() + size_t(R) * Classes;
        Pred.push_back(int(std::max_element(Row, Row + Classes) - Row));
      }
    }
    Dev.releaseTo(Mark);
    return Pred;
  }

private:
  static constexpr unsigned Threads = 128;
  static constexpr unsigned UpdateBlocks = 8; ///< grid of momentum_sgd

  struct Layer {
    size_t In, Out;
    DevPtr W, B, GW, GB, MW, MB; ///< parameters, gradients, momenta
  };

  static unsigned blocks(size_t N) { return unsigned((N + Threads - 1) / Threads); }

  Layer makeLayer(size_t In, size_t Out) {
    float Limit = std::sqrt(6.0f / float(In + Out));
    std::vector<float> W(In * Out);
    for (float &V : W)
      V = float((2 * Init.uniform() - 1) * Limit);
    return {In,
            Out,
            Dev.upload(W),
            Dev.zeros<float>(Out),
            Dev.alloc<float>(In * Out),
            Dev.alloc<float>(Out),
            Dev.zeros<float>(In * Out),
            Dev.zeros<float>(Out)};
  }

  /// C (M x N) = A(i, k) B(k, j) with A's and B's strides.
  void matmul(DevPtr A, int Sai, int Sak, DevPtr B, int Sbk, int Sbj, DevPtr C,
              size_t M, size_t N, size_t K) {
    Dev.launch("matmul", {unsigned((N + 15) / 16), unsigned((M + 15) / 16)},
               {16, 16}, 0, A, Sai, Sak, B, Sbk, Sbj, C, int(M), int(N), int(K));
  }

  /// Fills H1 (ReLU output) and Z2 (logits) for \p Rows samples at \p X.
  void forward(DevPtr X, int Rows) {
    int In = int(Inputs), Hid = int(P.Hidden), Out = int(Classes);
    matmul(X, In, 1, L1.W, Hid, 1, H1, Rows, Hid, In);
    Dev.launch("bias_act", {blocks(size_t(Rows) * Hid)}, {Threads}, 0, H1, L1.B,
               Rows, Hid, 1);
    matmul(H1, Hid, 1, L2.W, Out, 1, Z2, Rows, Out, Hid);
    Dev.launch("bias_act", {blocks(size_t(Rows) * Out)}, {Threads}, 0, Z2, L2.B,
               Rows, Out, 0);
  }

  /// Gradients of the mean loss from DZ2 back to W1.
  void backward(DevPtr X, int Rows) {
    int In = int(Inputs), Hid = int(P.Hidden), Out = int(Classes);
    matmul(H1, 1, Hid, DZ2, Out, 1, L2.GW, Hid, Out, Rows);
    Dev.launch("column_sums", {blocks(Out)}, {Threads}, 0, DZ2, Rows, Out, L2.GB);
    matmul(DZ2, Out, 1, L2.W, 1, Out, DH1, Rows, Hid, Out);
    Dev.launch("relu_backward", {blocks(size_t(Rows) * Hid)}, {Threads}, 0, DH1,
               H1, Rows * Hid);
    matmul(X, 1, In, DH1, Hid, 1, L1.GW, In, Hid, Rows);
    Dev.launch("column_sums", {blocks(Hid)}, {Threads}, 0, DH1, Rows, Hid, L1.GB);
  }

  void update(const Layer &L) {
    Dev.launch("momentum_sgd", {UpdateBlocks}, {Threads}, 0, int(L.In * L.Out),
               L.GW, L.MW, L.W, P.Lr, P.Momentum);
    Dev.launch("momentum_sgd", {UpdateBlocks}, {Threads}, 0, int(L.Out), L.GB,
               L.MB, L.B, P.Lr, P.Momentum);
  }

  Device &Dev;
  MlpParams P;
  size_t Inputs, Classes;
  Rng Init;
  Layer L1, L2;
  DevPtr H1, DH1, Z2, DZ2, Loss;
};

} // namespace gevo::ml

#endif
