//===- KtPso.cpp - Particle swarm optimisation as Kernel Tuner's pso -------===//
//
// Kernel Tuner's `pso` strategy, from its documentation and options
// (popsize 20, maxiter 100, w 0.5, c1 2, c2 1): every parameter is scaled
// to [0, eps * n] with eps = 1 / (the largest parameter's value count), so
// that value k sits at (k + 0.5) * eps and one step is eps in every
// dimension. Particles start at random valid configs with velocities drawn
// from U(-1, 1); each iteration measures every particle at the config its
// position snaps to (the nearest value per parameter), updates its own
// best (strictly better) and the swarm's best (at least as good, as Kernel
// Tuner's `<=` on times), then
//   v = w v + c1 r1 (own best - x) + c2 r2 (swarm best - x),  x += v
// with r1, r2 ~ U(0, 1) once per particle, x clamped to the bounds.
//
// As in Kernel Tuner, a position that snaps to a config breaking the
// restrictions, or to one measured before, costs no trial: the first is
// worst (fitness 0), the second reuses its measurement. Where Kernel Tuner
// stops (after maxiter iterations) gevo restarts the swarm from fresh
// random configs, so a budget is always spent; so it does after `stall`
// iterations in a row that measured nothing new (a collapsed swarm).
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include "Generational.h"

#include <algorithm>
#include <cmath>

namespace gevo::evolve::tune {
namespace {

struct KtPsoOptions {
  size_t Pop, MaxIter;
  double W, C1, C2;
  size_t Stall;
};

class KtPsoTuner : public GenerationalTuner, KtPsoOptions {
public:
  KtPsoTuner(const Space &S, bool Hib, const KtPsoOptions &O)
      : GenerationalTuner(S, Hib), KtPsoOptions(O) {
    uint32_t Largest = 1;
    for (size_t I = 0; I < S.size(); ++I)
      Largest = std::max(Largest, S.param(I).size());
    Eps = 1.0 / Largest;
  }

private:
  struct Particle {
    std::vector<double> X, V, Best;
    double BestFit = 0;
  };

  bool waiting() const override {
    for (uint64_t Code : Codes)
      if (!fitnessOf(Code) && S.satisfies(S.decode(Code)))
        return true;
    return false;
  }

  /// Finishes the current iteration (if any) and starts iterations until
  /// one has a fresh config to measure; false after Stall that do not.
  bool advance(Rng &R) override {
    for (size_t Empty = 0; Empty < Stall; ++Empty) {
      if (Swarm.empty() || Iter >= MaxIter) {
        restart(R);
      } else {
        update(R);
      }
      if (!Queue.empty())
        return true;
    }
    Swarm.clear(); // collapsed: the next advance starts a new swarm
    return false;
  }

  void restart(Rng &R) {
    Swarm.assign(Pop, {});
    GlobalFit = 0;
    Global.clear();
    Iter = 0;
    for (Particle &P : Swarm) {
      Config C = S.sample(R);
      for (size_t J = 0; J < S.size(); ++J) {
        P.X.push_back((C[J] + 0.5) * Eps);
        P.V.push_back(2 * R.uniform() - 1);
      }
      P.Best = P.X;
    }
    snapAll();
  }

  /// Scores the finished iteration, then moves every particle.
  void update(Rng &R) {
    for (size_t I = 0; I < Swarm.size(); ++I) {
      Particle &P = Swarm[I];
      double F = fitness(Codes[I]);
      if (F > P.BestFit)
        P.BestFit = F, P.Best = P.X;
      if (F >= GlobalFit)
        GlobalFit = F, Global = P.X;
    }
    for (Particle &P : Swarm) {
      double R1 = R.uniform(), R2 = R.uniform();
      for (size_t J = 0; J < S.size(); ++J) {
        P.V[J] = W * P.V[J] + C1 * R1 * (P.Best[J] - P.X[J]) + C2 * R2 * (Global[J] - P.X[J]);
        P.X[J] = std::clamp(P.X[J] + P.V[J], 0.0, Eps * S.param(J).size());
      }
    }
    ++Iter;
    snapAll();
  }

  /// The config of every particle; fresh valid ones go to the queue.
  void snapAll() {
    Codes.clear();
    for (const Particle &P : Swarm) {
      Config C(S.size());
      for (size_t J = 0; J < S.size(); ++J)
        C[J] = uint32_t(std::min<double>(std::floor(P.X[J] / Eps), S.param(J).size() - 1));
      Codes.push_back(S.encode(C));
      if (claim(C))
        Queue.push_back(Codes.back());
    }
  }

  double fitness(uint64_t Code) const {
    return fitnessOf(Code).value_or(0); // broke a restriction: worst
  }

  nlohmann::json saveState() const override {
    nlohmann::json P = nlohmann::json::array();
    for (const Particle &Q : Swarm)
      P.push_back({Q.X, Q.V, Q.Best, Q.BestFit});
    return {{"swarm", P},   {"global", Global}, {"global_fit", GlobalFit},
            {"iter", Iter}, {"codes", Codes},   {"queue", Queue}};
  }
  void restoreState(const nlohmann::json &J) override {
    Swarm.clear();
    for (const auto &Q : J.at("swarm"))
      Swarm.push_back({Q.at(0), Q.at(1), Q.at(2), Q.at(3)});
    Global = J.at("global").get<std::vector<double>>();
    GlobalFit = J.at("global_fit");
    Iter = J.at("iter");
    Codes = J.at("codes").get<std::vector<uint64_t>>();
    Queue = J.at("queue").get<std::deque<uint64_t>>();
    reclaim(Codes); // asked but not told yet: claimed again
  }

  double Eps;
  std::vector<Particle> Swarm;
  std::vector<double> Global;
  double GlobalFit = 0;
  size_t Iter = 0;
  std::vector<uint64_t> Codes; // each particle's config this iteration
};

} // namespace

const StrategyInfo &infoKtPso() {
  static const StrategyInfo I = boundStrategy<KtPsoTuner, KtPsoOptions>(
      "kt-pso",
      "particle swarm as Kernel Tuner's pso: scaled positions snapped to the "
      "nearest values, invalid and repeated configs cost no trial",
      {{"popsize", &KtPsoOptions::Pop, 20, {1, 1e5}, "particles"},
       {"maxiter", &KtPsoOptions::MaxIter, 100, {1, 1e9},
        "iterations before the swarm restarts (Kernel Tuner stops)"},
       {"w", &KtPsoOptions::W, 0.5, {0, 10}, "inertia"},
       {"c1", &KtPsoOptions::C1, 2, {0, 10}, "pull towards the particle's own best"},
       {"c2", &KtPsoOptions::C2, 1, {0, 10}, "pull towards the swarm's best"},
       {"stall", &KtPsoOptions::Stall, 1000, {1, 1e6},
        "iterations in a row without a fresh config before a restart"}},
      20);
  return I;
}

} // namespace gevo::evolve::tune
