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
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include <xgboost/c_api.h>

#include <algorithm>
#include <cmath>
#include <deque>
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
        Rank(checkRange("xgb-sa", O, "rank", 0, 1) != 0), W(S.featureWidth()) {}

  std::vector<Config> ask(size_t N, Rng &R) override {
    if (History.size() >= FitAt + Plan) {
      FitAt = History.size();
      fit();
      Trials.clear();
      anneal(R);
    }
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
        if (Top.count(Item) || (Top.size() >= Plan && !(Top.begin()->first < NewScore[I])))
          continue;
        Top.insert(Item);
        if (Top.size() > Plan)
          Top.erase(Top.begin());
        Last = K;
      }
      Temp -= Cool;
    }
    Points.clear();
    for (const Config &C : P)
      Points.push_back(S.encode(C));
    for (auto It = Top.rbegin(); It != Top.rend(); ++It)
      Trials.push_back(~It->second);
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

const StrategyInfo &infoXgbSa() {
  static const StrategyInfo I{
      "xgb-sa",
      "AutoTVM-style XGBoost cost model + simulated annealing: refit every "
      "plan results, anneal a plan of unvisited configs, eps random",
      {{"plan", 64, "results between refits, and configs planned per fit"},
       {"eps", 0.05, "probability a slot is a random fresh config"},
       {"sa-iters", 500, "most annealing steps"},
       {"sa-parallel", 128, "annealing chains"},
       {"sa-early-stop", 50, "stop this many steps after the plan last changed"},
       {"rounds", 100, "boosting rounds per fit"},
       {"rank", 1, "1: rank:pairwise loss (AutoTVM's default), 0: regression"}},
      64,
      create};
  return I;
}

} // namespace gevo::evolve::tune
