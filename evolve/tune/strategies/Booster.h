//===- Booster.h - An XGBoost model through the C API -----------*- C++ -*-===//
//
// One booster of Debian's libxgboost: fit on a dense float matrix (one
// thread, a fixed seed, so a fit is deterministic), continue training on
// new data, predict rows.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_BOOSTER_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_BOOSTER_H

#include <xgboost/c_api.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace gevo::evolve::tune {

inline void checkXgb(int Rc) {
  if (Rc != 0)
    throw std::runtime_error(std::string("xgboost: ") + XGBGetLastError());
}

class Booster {
public:
  Booster() = default;
  Booster(const Booster &) = delete;
  Booster &operator=(const Booster &) = delete;
  ~Booster() { reset(); }
  void reset() {
    if (H)
      XGBoosterFree(H);
    H = nullptr;
  }
  /// Objective: rank:pairwise (one group), reg:squarederror or
  /// binary:logistic.
  void fit(const std::vector<float> &X, const std::vector<float> &Y, size_t W, unsigned Rounds,
           const std::string &Objective) {
    reset();
    boost(X, Y, W, Rounds, Objective);
  }
  /// Rounds more trees on X, Y (continued training from the current
  /// model's predictions; a fresh model if there is none).
  void boost(const std::vector<float> &X, const std::vector<float> &Y, size_t W, unsigned Rounds,
             const std::string &Objective) {
    DMatrixHandle D;
    checkXgb(XGDMatrixCreateFromMat(X.data(), Y.size(), W, NAN, &D));
    checkXgb(XGDMatrixSetFloatInfo(D, "label", Y.data(), Y.size()));
    if (Objective == "rank:pairwise") {
      unsigned Group = unsigned(Y.size());
      checkXgb(XGDMatrixSetUIntInfo(D, "group", &Group, 1));
    }
    if (!H) {
      checkXgb(XGBoosterCreate(&D, 1, &H));
      const char *Params[][2] = {{"max_depth", "3"},   {"gamma", "0.0001"},
                                 {"min_child_weight", "1"}, {"subsample", "1.0"},
                                 {"eta", "0.3"},       {"lambda", "1.0"},
                                 {"alpha", "0"},       {"nthread", "1"},
                                 {"seed", "0"},        {"verbosity", "0"},
                                 {"tree_method", "exact"},
                                 {"objective", Objective.c_str()}};
      for (auto &P : Params)
        checkXgb(XGBoosterSetParam(H, P[0], P[1]));
      Iter = 0;
    }
    for (unsigned I = 0; I < Rounds; ++I)
      checkXgb(XGBoosterUpdateOneIter(H, Iter++, D));
    XGDMatrixFree(D);
  }
  std::vector<float> predict(const std::vector<float> &X, size_t Rows, size_t W) const {
    DMatrixHandle D;
    checkXgb(XGDMatrixCreateFromMat(X.data(), Rows, W, NAN, &D));
    bst_ulong Len;
    const float *Out;
    checkXgb(XGBoosterPredict(H, D, 0, 0, 0, &Len, &Out));
    std::vector<float> P(Out, Out + Len);
    XGDMatrixFree(D);
    return P;
  }
  bool ready() const { return H != nullptr; }

private:
  BoosterHandle H = nullptr;
  int Iter = 0; ///< rounds so far
};

} // namespace gevo::evolve::tune

#endif
