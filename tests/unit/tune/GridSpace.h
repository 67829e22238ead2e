//===- GridSpace.h - A plain grid space for strategy tests ------*- C++ -*-===//
#ifndef GEVO_TESTS_UNIT_TUNE_GRIDSPACE_H
#define GEVO_TESTS_UNIT_TUNE_GRIDSPACE_H

#include "gevo/evolve/tune/Space.h"

#include <string>

namespace gevo::evolve::tune {

/// Params discrete parameters P0, P1, ... each with the values First,
/// First + 1, ..., First + Values - 1.
inline Space gridSpace(size_t Params, size_t Values, double First = 0) {
  Space S;
  std::vector<double> V;
  for (size_t I = 0; I < Values; ++I)
    V.push_back(First + double(I));
  for (size_t P = 0; P < Params; ++P)
    llvm::cantFail(S.add(Param::discrete("P" + std::to_string(P), V)));
  return S;
}

} // namespace gevo::evolve::tune

#endif
