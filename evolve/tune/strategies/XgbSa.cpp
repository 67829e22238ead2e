//===- XgbSa.cpp - XGBoost cost model + simulated annealing (AutoTVM) ------===//
//
// As AutoTVM's XGBTuner: until the first fit, random configs; after every
// Plan results the booster is refit on all of them (features: the
// parameters' normalised features, targets fitness / max fitness, failures
// 0), and simulated annealing over the model (Parallel persistent chains,
// one random knob changed per step, temperature 1 -> 0 over Iters steps,
// stopping EarlyStop steps after the best set last changed) proposes the
// Plan best-predicted unvisited valid configs; each slot is a random fresh
// config with probability Eps instead. Uses Debian's libxgboost C API,
// one thread, a fixed seed, so runs are deterministic.
//
// xgb-div, gevo's tuned variant, differs in three options: a plan of 32;
// when the space has at most Exhaustive valid configs, the model scores
// all of them instead of annealing (the exact answer to what annealing
// searches for); and the plan is picked best first, skipping a config
// that differs from one already picked in fewer than Diversity parameters,
// so that one plan is not spent on a single basin the model believes in.
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include <xgboost/c_api.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <numeric>
#include <set>

namespace gevo::evolve::tune {
namespace {

void check(int Rc) {
  if (Rc != 0)
    throw std::runtime_error(std::string("xgboost: ") + XGBGetLastError());
}

class Booster {
public:
  ~Booster() { reset(); }
  void reset() {
    if (H)
      XGBoosterFree(H);
    H = nullptr;
  }
  void fit(const std::vector<float> &X, const std::vector<float> &Y, size_t W,
           unsigned Rounds, bool Rank) {
    reset();
    DMatrixHandle D;
    check(XGDMatrixCreateFromMat(X.data(), Y.size(), W, NAN, &D));
    check(XGDMatrixSetFloatInfo(D, "label", Y.data(), Y.size()));
    if (Rank) {
      unsigned Group = unsigned(Y.size());
      check(XGDMatrixSetUIntInfo(D, "group", &Group, 1));
    }
    check(XGBoosterCreate(&D, 1, &H));
    const char *Params[][2] = {{"max_depth", "3"},   {"gamma", "0.0001"},
                               {"min_child_weight", "1"}, {"subsample", "1.0"},
                               {"eta", "0.3"},       {"lambda", "1.0"},
                               {"alpha", "0"},       {"nthread", "1"},
                               {"seed", "0"},        {"verbosity", "0"},
                               {"tree_method", "exact"},
                               {"objective", Rank ? "rank:pairwise" : "reg:squarederror"}};
    for (auto &P : Params)
      check(XGBoosterSetParam(H, P[0], P[1]));
    for (unsigned I = 0; I < Rounds; ++I)
      check(XGBoosterUpdateOneIter(H, int(I), D));
    XGDMatrixFree(D);
  }
  std::vector<float> predict(const std::vector<float> &X, size_t Rows, size_t W) const {
    DMatrixHandle D;
    check(XGDMatrixCreateFromMat(X.data(), Rows, W, NAN, &D));
    bst_ulong Len;
    const float *Out;
    check(XGBoosterPredict(H, D, 0, 0, 0, &Len, &Out));
    std::vector<float> P(Out, Out + Len);
    XGDMatrixFree(D);
    return P;
  }
  bool ready() const { return H != nullptr; }

private:
  BoosterHandle H = nullptr;
};

class XgbSaTuner : public Tuner {
public:
  XgbSaTuner(const Space &S, bool Hib, const Options &O)
      : Tuner(S, Hib), Plan(size_t(checkRange("xgb-sa", O, "plan", 1, 1e6))),
        Eps(checkRange("xgb-sa", O, "eps", 0, 1)),
        Iters(unsigned(checkRange("xgb-sa", O, "sa-iters", 1, 1e7))),
        Parallel(size_t(checkRange("xgb-sa", O, "sa-parallel", 1, 1e6))),
        EarlyStop(unsigned(checkRange("xgb-sa", O, "sa-early-stop", 1, 1e7))),
        Rounds(unsigned(checkRange("xgb-sa", O, "rounds", 1, 1e5))),
        Rank(checkRange("xgb-sa", O, "rank", 0, 1) != 0),
        Exhaustive(uint64_t(checkRange("xgb-sa", O, "exhaustive", 0, 1e9))),
        Diversity(size_t(checkRange("xgb-sa", O, "diversity", 0, 1e6))),
        W(S.featureWidth()) {}

  std::vector<Config> ask(size_t N, Rng &R) override {
    if (History.size() >= FitAt + Plan) {
      FitAt = History.size();
      fit();
      Trials.clear();
      if (validCount() <= Exhaustive)
        scoreAll();
      else
        anneal(R);
    }
    // Never past the next refit, whatever the engine's batch size.
    N = std::min(N, FitAt + Plan - History.size());
    std::vector<Config> Out;
    while (Out.size() < N) {
      std::optional<Config> C;
      if (Model.ready() && R.uniform() >= Eps)
        while (!C && !Trials.empty()) {
          Config T = S.decode(Trials.front());
          Trials.pop_front();
          if (claim(T))
            C = T;
        }
      if (!C)
        C = claimRandom(R);
      if (!C)
        break;
      Out.push_back(std::move(*C));
    }
    return Out;
  }

private:
  void fit() {
    std::vector<float> X, Y;
    double Max = 0;
    for (size_t I = 0; I < FitAt; ++I)
      Max = std::max(Max, History[I].Fitness);
    for (size_t I = 0; I < FitAt; ++I) {
      for (double F : S.features(S.decode(History[I].Code)))
        X.push_back(float(F));
      Y.push_back(Max > 0 ? float(History[I].Fitness / Max) : 0.f);
    }
    Model.fit(X, Y, W, Rounds, Rank);
  }

  std::vector<float> score(const std::vector<Config> &Cs) const {
    std::vector<float> X;
    for (const Config &C : Cs)
      for (double F : S.features(C))
        X.push_back(float(F));
    return Model.predict(X, Cs.size(), W);
  }

  /// Fills Trials with the Plan best-predicted fresh valid configs.
  void anneal(Rng &R) {
    if (Points.empty())
      for (size_t I = 0; I < Parallel; ++I)
        Points.push_back(S.encode(S.sample(R)));
    std::vector<Config> P;
    for (uint64_t Code : Points)
      P.push_back(S.decode(Code));
    std::vector<float> Score = score(P);
    std::set<std::pair<float, uint64_t>> Top; // (score, -code) ascending
    size_t Keep = Diversity ? 8 * Plan : Plan; // candidates for pickPlan
    double Temp = 1, Cool = 1.0 / (Iters + 1);
    for (unsigned K = 0, Last = 0; K < Iters && K < Last + EarlyStop; ++K) {
      std::vector<Config> New = P;
      for (Config &C : New) {
        size_t J = R.below(S.size());
        if (S.param(J).size() > 1) {
          uint32_t V = uint32_t(R.below(S.param(J).size() - 1));
          C[J] = V >= C[J] ? V + 1 : V;
        }
      }
      std::vector<float> NewScore = score(New);
      for (size_t I = 0; I < P.size(); ++I) {
        double Accept = std::exp(std::min((NewScore[I] - Score[I]) / (Temp + 1e-5), 1.0));
        if (R.uniform() < Accept)
          P[I] = New[I], Score[I] = NewScore[I];
        uint64_t Code = S.encode(New[I]);
        if (seen(Code) || !S.satisfies(New[I]))
          continue;
        std::pair<float, uint64_t> Item{NewScore[I], ~Code};
        if (Top.count(Item) || (Top.size() >= Keep && !(Top.begin()->first < NewScore[I])))
          continue;
        Top.insert(Item);
        if (Top.size() > Keep)
          Top.erase(Top.begin());
        Last = K;
      }
      Temp -= Cool;
    }
    Points.clear();
    for (const Config &C : P)
      Points.push_back(S.encode(C));
    std::vector<std::pair<float, uint64_t>> Candidates;
    for (const auto &[Score, NotCode] : Top)
      Candidates.push_back({Score, ~NotCode});
    pickPlan(std::move(Candidates));
  }

  /// Trials := the Plan best-scored candidates (score, code), best first
  /// (ties: lower code first); with Diversity, first those that differ
  /// from every one picked before in at least Diversity parameters, then,
  /// if too few do, the best of the others.
  void pickPlan(std::vector<std::pair<float, uint64_t>> Candidates) {
    std::sort(Candidates.begin(), Candidates.end(), [](const auto &A, const auto &B) {
      return A.first != B.first ? A.first > B.first : A.second < B.second;
    });
    std::vector<Config> Picked;
    std::vector<bool> Taken(Candidates.size());
    for (size_t I = 0; I < Candidates.size() && Picked.size() < Plan; ++I) {
      Config C = S.decode(Candidates[I].second);
      bool Near = std::any_of(Picked.begin(), Picked.end(), [&](const Config &P) {
        size_t D = 0;
        for (size_t J = 0; J < C.size(); ++J)
          D += C[J] != P[J];
        return D < Diversity;
      });
      if (!Near)
        Picked.push_back(C), Taken[I] = true, Trials.push_back(Candidates[I].second);
    }
    for (size_t I = 0; I < Candidates.size() && Trials.size() < Plan; ++I)
      if (!Taken[I])
        Trials.push_back(Candidates[I].second);
  }

  /// Configs that may be valid: the members, else the whole product.
  uint64_t validCount() const {
    return S.restricted() ? S.members().size() : S.cardinality();
  }

  /// Fills Trials with the Plan best-predicted fresh valid configs of the
  /// whole space, scored one by one (what annealing approximates).
  void scoreAll() {
    std::vector<Config> Fresh;
    for (uint64_t I = 0, N = validCount(); I < N; ++I) {
      uint64_t Code = S.restricted() ? S.members()[I] : I;
      Config C = S.decode(Code);
      if (!seen(Code) && S.satisfies(C))
        Fresh.push_back(std::move(C));
    }
    if (Fresh.empty())
      return;
    std::vector<float> Score = score(Fresh);
    std::vector<std::pair<float, uint64_t>> Candidates;
    for (size_t I = 0; I < Fresh.size(); ++I)
      Candidates.push_back({Score[I], S.encode(Fresh[I])});
    pickPlan(std::move(Candidates));
  }

  nlohmann::json saveState() const override {
    return {{"fit_at", FitAt}, {"trials", Trials}, {"points", Points}};
  }
  void restoreState(const nlohmann::json &J) override {
    FitAt = J.at("fit_at");
    Trials = J.at("trials").get<std::deque<uint64_t>>();
    Points = J.at("points").get<std::vector<uint64_t>>();
    Model.reset();
    if (FitAt > 0)
      fit(); // the same data, one thread, a fixed seed: the same model
  }

  size_t Plan;
  double Eps;
  unsigned Iters;
  size_t Parallel;
  unsigned EarlyStop, Rounds;
  bool Rank;
  uint64_t Exhaustive;
  size_t Diversity;
  size_t W;
  size_t FitAt = 0;            // History[0, FitAt) trained the model
  std::deque<uint64_t> Trials; // the annealer's plan, best first
  std::vector<uint64_t> Points;
  Booster Model;
};

std::unique_ptr<Tuner> create(const Space &S, bool Hib, const Options &O) {
  return std::make_unique<XgbSaTuner>(S, Hib, O);
}

} // namespace

namespace {
/// The options of both variants, with their defaults.
std::vector<OptionInfo> xgbOptions(double Plan, double Exhaustive, double Diversity) {
  return {{"plan", Plan, "results between refits, and configs planned per fit"},
          {"eps", 0.05, "probability a slot is a random fresh config"},
          {"sa-iters", 500, "most annealing steps"},
          {"sa-parallel", 128, "annealing chains"},
          {"sa-early-stop", 50, "stop this many steps after the plan last changed"},
          {"rounds", 100, "boosting rounds per fit"},
          {"rank", 1, "1: rank:pairwise loss (AutoTVM's default), 0: regression"},
          {"exhaustive", Exhaustive,
           "score every valid config instead of annealing when there are at most this many"},
          {"diversity", Diversity,
           "planned configs differ pairwise in at least this many parameters"}};
}
} // namespace

const StrategyInfo &infoXgbSa() {
  static const StrategyInfo I{
      "xgb-sa",
      "AutoTVM-style XGBoost cost model + simulated annealing: refit every "
      "plan results, anneal a plan of unvisited configs, eps random",
      xgbOptions(64, 0, 0), 64, create};
  return I;
}

const StrategyInfo &infoXgbDiv() {
  static const StrategyInfo I{
      "xgb-div",
      "gevo's tuned xgb-sa: refit every 32 results, score every valid config "
      "when there are at most 100,000 (else anneal), and plan configs that "
      "differ pairwise in at least 3 parameters",
      xgbOptions(32, 100000, 3), 32, create};
  return I;
}

} // namespace gevo::evolve::tune
