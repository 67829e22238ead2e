//===- OneVsOne.h - Multi-class C-SVC: one-vs-one, voting, k-fold CV -*- C++ -*-===//
//
// A model for classes c_1..c_k is one binary SVM per pair (c_i, c_j), i < j,
// trained on the samples of those two classes (c_i as +1). Prediction
// computes the test samples' kernel rows against the training set once per
// chunk and lets every pair vote; the most votes win, ties going to the
// class listed first. crossValidate is stratified k-fold CV (the error the
// paper reports to GEVO).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_ML_SVM_ONEVSONE_H
#define GEVO_BENCHMARKS_ML_SVM_ONEVSONE_H

#include "../common/FashionMnist.h"
#include "Smo.h"

#include <numeric>

namespace gevo::ml {

struct OneVsOneModel {
  struct Pair {
    int Pos, Neg;                 ///< classes labelled +1 and -1
    std::vector<size_t> Members;  ///< training samples of the two classes
    BinaryModel M;
  };
  std::vector<int> Classes;
  std::vector<Pair> Pairs;
};

inline OneVsOneModel trainOneVsOne(Device &Dev, const Samples &Train,
                                   const std::vector<int> &Classes,
                                   const SvmParams &P) {
  OneVsOneModel Model;
  Model.Classes = Classes;
  for (size_t I = 0; I < Classes.size(); ++I)
    for (size_t J = I + 1; J < Classes.size(); ++J) {
      OneVsOneModel::Pair Pr{Classes[I], Classes[J], {}, {}};
      std::vector<float> Y;
      for (size_t K = 0; K < Train.size(); ++K)
        if (Train.Y[K] == Pr.Pos || Train.Y[K] == Pr.Neg) {
          Pr.Members.push_back(K);
          Y.push_back(Train.Y[K] == Pr.Pos ? 1.0f : -1.0f);
        }
      Samples Sub = pick(Train, Pr.Members);
      size_t Mark = Dev.mark();
      DeviceSamples S = uploadSamples(Dev, Sub.X, Sub.size(), Sub.Dim);
      Pr.M = trainBinary(Dev, S, Y, P);
      Dev.releaseTo(Mark);
      Model.Pairs.push_back(std::move(Pr));
    }
  return Model;
}

/// The class each sample of \p Test gets from \p Model (trained on Train).
inline std::vector<int> predictOneVsOne(Device &Dev, const OneVsOneModel &Model,
                                        const Samples &Train,
                                        const Samples &Test, float Gamma) {
  constexpr size_t Chunk = 256;
  constexpr unsigned Threads = 128;
  size_t Mark = Dev.mark();
  size_t N = Train.size(), M = Test.size();
  DeviceSamples DTrain = uploadSamples(Dev, Train.X, N, Train.Dim);
  DeviceSamples DTest = uploadSamples(Dev, Test.X, M, Test.Dim);
  std::vector<int> Rows(M);
  std::iota(Rows.begin(), Rows.end(), 0);
  DevPtr DRows = Dev.upload(Rows);
  DevPtr DK = Dev.alloc<float>(std::min(Chunk, M) * N);
  DevPtr DDec = Dev.alloc<float>(Chunk);
  std::vector<DevPtr> DCoef;
  for (const OneVsOneModel::Pair &Pr : Model.Pairs) {
    std::vector<float> Coef(N, 0.0f);
    for (size_t K = 0; K < Pr.Members.size(); ++K)
      Coef[Pr.Members[K]] = Pr.M.Coef[K];
    DCoef.push_back(Dev.upload(Coef));
  }

  std::vector<std::vector<int>> Votes(M,
                                      std::vector<int>(Model.Classes.size()));
  auto Slot = [&](int Class) {
    return size_t(std::find(Model.Classes.begin(), Model.Classes.end(), Class) -
                  Model.Classes.begin());
  };
  for (size_t C0 = 0; C0 < M; C0 += Chunk) {
    int Mc = int(std::min(Chunk, M - C0));
    kernelRows(Dev, DTest, DRows.plus<int>(C0), size_t(Mc), DTrain, Gamma, DK);
    for (size_t P = 0; P < Model.Pairs.size(); ++P) {
      const OneVsOneModel::Pair &Pr = Model.Pairs[P];
      Dev.launch("decision_values", {unsigned(Mc)}, {Threads}, Threads * 4, DK,
                 DCoef[P], Mc, int(N), Pr.M.Rho, DDec);
      std::vector<float> Dec = Dev.read<float>(DDec, size_t(Mc));
      for (int I = 0; I < Mc; ++I)
        ++Votes[C0 + I][Slot(Dec[I] > 0 ? Pr.Pos : Pr.Neg)];
    }
  }
  Dev.releaseTo(Mark);
  std::vector<int> Pred(M);
  for (size_t I = 0; I < M; ++I)
    Pred[I] = Model.Classes[std::max_element(Votes[I].begin(), Votes[I].end()) -
                            Votes[I].begin()];
  return Pred;
}

/// Stratified k-fold cross-validation: sample i of a class goes to fold
/// (its rank within the class) mod K; each fold is predicted by a model
/// trained on the others. Returns the prediction for every training sample.
inline std::vector<int> crossValidate(Device &Dev, const Samples &Train,
                                      const std::vector<int> &Classes,
                                      const SvmParams &P, unsigned K) {
  std::vector<unsigned> Fold(Train.size());
  std::vector<size_t> Rank(FashionMnistClasses, 0);
  for (size_t I = 0; I < Train.size(); ++I)
    Fold[I] = unsigned(Rank[Train.Y[I]]++ % K);
  std::vector<int> Pred(Train.size());
  for (unsigned F = 0; F < K; ++F) {
    std::vector<size_t> In, Out;
    for (size_t I = 0; I < Train.size(); ++I)
      (Fold[I] == F ? Out : In).push_back(I);
    Samples TrainF = pick(Train, In), TestF = pick(Train, Out);
    OneVsOneModel Model = trainOneVsOne(Dev, TrainF, Classes, P);
    std::vector<int> PredF = predictOneVsOne(Dev, Model, TrainF, TestF, P.Gamma);
    for (size_t I = 0; I < Out.size(); ++I)
      Pred[Out[I]] = PredF[I];
  }
  return Pred;
}

} // namespace gevo::ml

#endif
