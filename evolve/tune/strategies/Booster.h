//===- Booster.h - An XGBoost model through the C API -----------*- C++ -*-===//
//
// One booster of Debian's libxgboost: fit on a dense float matrix (one
// thread, a fixed seed, so a fit is deterministic), continue training on
// new data, predict rows, and hand its trees out (`trees`) for scoring
// without the C API's fixed cost per call.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_BOOSTER_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_BOOSTER_H

#include "GradientBoost.h"

#include <nlohmann/json.hpp>
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
  static constexpr unsigned MaxDepth = 3; ///< of every tree
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
      std::string Depth = std::to_string(MaxDepth);
      const char *Params[][2] = {{"max_depth", Depth.c_str()}, {"gamma", "0.0001"},
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

  /// The model's trees from tree From on, and its base margin (the margin
  /// every prediction starts from), read from its UBJSON form (throws if
  /// the form is not XGBoost 1.7's).
  std::vector<TreeNodes> trees(size_t From, float &BaseMargin) const {
    bst_ulong Len;
    const char *Buf;
    checkXgb(XGBoosterSaveModelToBuffer(H, R"({"format": "ubj"})", &Len, &Buf));
    nlohmann::json J = nlohmann::json::from_ubjson(Buf, Buf + Len);
    const nlohmann::json &L = J.at("learner");
    float Base = std::stof(L.at("learner_model_param").at("base_score").get<std::string>());
    BaseMargin = L.at("objective").at("name") == "binary:logistic"
                     ? -std::log(1.0f / Base - 1.0f)
                     : Base;
    const nlohmann::json &Trees = L.at("gradient_booster").at("model").at("trees");
    std::vector<TreeNodes> Out;
    for (size_t T = From; T < Trees.size(); ++T) {
      const nlohmann::json &Tr = Trees[T];
      TreeNodes N;
      N.Left = Tr.at("left_children").get<std::vector<int32_t>>();
      N.Right = Tr.at("right_children").get<std::vector<int32_t>>();
      N.Value = Tr.at("split_conditions").get<std::vector<float>>();
      N.Feature = Tr.at("split_indices").get<std::vector<int32_t>>();
      for (size_t I = 0; I < N.Left.size(); ++I)
        if (N.Left[I] < 0)
          N.Feature[I] = -1;
      Out.push_back(std::move(N));
    }
    return Out;
  }

private:
  BoosterHandle H = nullptr;
  int Iter = 0; ///< rounds so far
};

} // namespace gevo::evolve::tune

#endif
