//===- Classification.h - What an ML driver reports ----------------*- C++ -*-===//
#ifndef GEVO_BENCHMARKS_ML_CLASSIFICATION_H
#define GEVO_BENCHMARKS_ML_CLASSIFICATION_H

#include "gevo/harness/Driver.h"

#include <cstring>
#include <vector>

namespace gevo::ml {

/// The share of \p Pred that differs from \p Truth (same length, not empty).
inline double errorRate(const std::vector<int> &Pred,
                        const std::vector<int> &Truth) {
  size_t Wrong = 0;
  for (size_t I = 0; I < Truth.size(); ++I)
    Wrong += Pred[I] != Truth[I];
  return double(Wrong) / double(Truth.size());
}

/// The outcome of a classifier's run: Error is the error rate, the one
/// output the predicted classes (i32), for metrics such as
/// mismatch_fraction against the base model's predictions.
inline DriverOutcome classificationOutcome(const std::vector<int> &Pred,
                                           const std::vector<int> &Truth) {
  DriverOutcome Out;
  Out.Error = errorRate(Pred, Truth);
  Bytes B(Pred.size() * sizeof(int32_t));
  std::memcpy(B.data(), Pred.data(), B.size());
  Out.Outputs.push_back({ElemType::I32, std::move(B)});
  return Out;
}

} // namespace gevo::ml

#endif
