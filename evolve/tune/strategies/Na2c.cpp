//===- Na2c.cpp - N-A2C: advantage actor-critic over single moves ----------===//
//
// Zhang et al. 2019. State: every parameter's features (factorizations as
// normalised log factors). Actions: one move of one parameter: a prime
// factor from one slot to another, a transposition, a step up or down a
// discrete or categorical value; impossible actions are masked. An MLP
// (one hidden ReLU layer; softmax actor, scalar critic) picks moves
// epsilon-greedily. From the best config so far, roll out up to T steps
// until Batch new configs are collected; measure them; one Adam step on
// the advantage (reward - critic value, the advantage detached).
// Reward: fitness / best fitness so far (0 for a failed config).
//
//===----------------------------------------------------------------------===//

#include "gevo/evolve/tune/Strategies.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <map>

namespace gevo::evolve::tune {
namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

struct Move {
  size_t P;                      // parameter
  std::vector<int64_t> To;       // value index -> value index, -1: impossible
};

/// Every distinct move, derived from the parameters' graphs: a move is
/// identified by which slots change and how (the factor moved, the pair
/// swapped, the direction of a step).
std::vector<Move> movesOf(const Space &S) {
  std::vector<Move> Moves;
  for (size_t P = 0; P < S.size(); ++P) {
    const Param &Par = S.param(P);
    std::map<std::vector<double>, size_t> Id; // move signature -> Moves index
    for (uint32_t U = 0; U < Par.size(); ++U)
      for (uint32_t V : Par.neighbours(U)) {
        std::vector<double> Sig;
        if (Par.kind() == ParamKind::Factorization ||
            Par.kind() == ParamKind::Permutation) {
          const auto &A = Par.raw(U), &B = Par.raw(V);
          for (size_t J = 0; J < A.size(); ++J)
            if (A[J] != B[J])
              Sig.push_back(J), Sig.push_back(Par.kind() == ParamKind::Permutation
                                                   ? 0 : A[J] / B[J]);
        } else {
          Sig.push_back(V > U ? 1 : -1); // categorical: a step in a cycle too
          if (Par.kind() == ParamKind::Categorical && V != U + 1 && V + 1 != U)
            continue;
        }
        auto [It, New] = Id.emplace(Sig, Moves.size());
        if (New)
          Moves.push_back({P, std::vector<int64_t>(Par.size(), -1)});
        Moves[It->second].To[U] = V;
      }
  }
  return Moves;
}

struct Na2cOptions {
  size_t Hidden;
  double Lr, Eps;
  size_t Steps, Batch;
};

class Na2cTuner : public Tuner, Na2cOptions {
public:
  Na2cTuner(const Space &S, bool Hib, const Na2cOptions &O)
      : Tuner(S, Hib), Na2cOptions(O), Moves(movesOf(S)) {}

  std::vector<Config> ask(size_t N, Rng &R) override {
    if (Theta.size() == 0)
      init(R);
    Pending.clear();
    std::vector<Config> Out;
    if (History.empty() || Moves.empty()) {
      Config Start = S.untiled();
      if (History.empty() && claim(Start))
        return {Start};
      if (auto C = claimRandom(R))
        return {*C};
      return {};
    }
    Config Best = S.decode(History[bestIndex()].Code);
    size_t Want = std::min(N, Batch), Others = 0;
    for (unsigned Roll = 0; Out.size() < Want && Roll < 10 * Want; ++Roll) {
      Config C = Best;
      for (size_t T = 0; T < Steps && Out.size() < Want; ++T) {
        VectorXd X = state(C);
        int A = act(X, C, R);
        if (A < 0)
          break;
        Config From = C;
        C[Moves[A].P] = uint32_t(Moves[A].To[C[Moves[A].P]]);
        bool Fresh = claim(C);
        // Train on every move to a new config and a few others, so an
        // update costs O(Batch), not O(roll-outs).
        if (Fresh || Others++ < 2 * Batch)
          Pending.push_back({X, std::move(From), A, S.encode(C)});
        if (Fresh)
          Out.push_back(C);
      }
    }
    claimRandoms(Out, Want, R); // stuck: fresh random configs
    return Out;
  }

private:
  struct Step {
    VectorXd X;
    Config From;
    int A;
    uint64_t Next;
  };

  size_t bestIndex() const {
    size_t B = 0;
    for (size_t I = 1; I < History.size(); ++I)
      if (History[I].Fitness > History[B].Fitness)
        B = I;
    return B;
  }
  VectorXd state(const Config &C) const {
    std::vector<double> F = S.features(C);
    return Eigen::Map<VectorXd>(F.data(), F.size());
  }

  // Parameters live in one vector Theta: W1 (H x D), b1 (H), Wa (A x H),
  // ba (A), Wc (H), bc (1).
  size_t D() const { return S.featureWidth(); }
  size_t A() const { return Moves.size(); }
  void init(Rng &R) {
    Theta = VectorXd::Zero(Hidden * D() + Hidden + A() * Hidden + A() + Hidden + 1);
    double S1 = std::sqrt(6.0 / (D() + Hidden)), S2 = std::sqrt(6.0 / (Hidden + A()));
    for (size_t I = 0; I < Hidden * D(); ++I)
      Theta[I] = (2 * R.uniform() - 1) * S1;
    size_t Wa = Hidden * D() + Hidden;
    for (size_t I = 0; I < A() * Hidden; ++I)
      Theta[Wa + I] = (2 * R.uniform() - 1) * S2;
    size_t Wc = Wa + A() * Hidden + A();
    for (size_t I = 0; I < Hidden; ++I)
      Theta[Wc + I] = (2 * R.uniform() - 1) * std::sqrt(6.0 / (Hidden + 1));
    M1 = V1 = VectorXd::Zero(Theta.size());
  }
  struct View {
    Eigen::Map<MatrixXd> W1;
    Eigen::Map<VectorXd> B1;
    Eigen::Map<MatrixXd> Wa;
    Eigen::Map<VectorXd> Ba, Wc, Bc;
  };
  View view(VectorXd &T) const {
    double *P = T.data();
    size_t H = Hidden;
    return {Eigen::Map<MatrixXd>(P, H, D()), Eigen::Map<VectorXd>(P + H * D(), H),
            Eigen::Map<MatrixXd>(P + H * D() + H, A(), H),
            Eigen::Map<VectorXd>(P + H * D() + H + A() * H, A()),
            Eigen::Map<VectorXd>(P + H * D() + H + A() * H + A(), H),
            Eigen::Map<VectorXd>(P + H * D() + H + A() * H + A() + H, 1)};
  }
  /// Hidden activations, masked softmax policy, value.
  void forward(const VectorXd &X, const Config &C, VectorXd &H, VectorXd &Pi,
               double &V) {
    View W = view(Theta);
    H = (W.W1 * X + W.B1).cwiseMax(0.0);
    VectorXd Logit = W.Wa * H + W.Ba;
    Pi = VectorXd::Zero(A());
    double Max = -INFINITY;
    for (size_t I = 0; I < A(); ++I)
      if (possible(C, I))
        Max = std::max(Max, Logit[I]);
    double Sum = 0;
    for (size_t I = 0; I < A(); ++I)
      if (possible(C, I))
        Sum += Pi[I] = std::exp(Logit[I] - Max);
    if (Sum > 0)
      Pi /= Sum;
    V = W.Wc.dot(H) + W.Bc[0];
  }
  bool possible(const Config &C, size_t I) const {
    return Moves[I].To[C[Moves[I].P]] >= 0;
  }
  int act(const VectorXd &X, const Config &C, Rng &R) {
    std::vector<double> Ok;
    for (size_t I = 0; I < A(); ++I)
      Ok.push_back(possible(C, I) ? 1 : 0);
    if (std::all_of(Ok.begin(), Ok.end(), [](double W) { return W == 0; }))
      return -1;
    if (R.uniform() < Eps)
      return int(roulette(Ok, R));
    VectorXd H, Pi;
    double V;
    forward(X, C, H, Pi, V);
    return int(roulette(std::vector<double>(Pi.data(), Pi.data() + Pi.size()), R));
  }

  void told(size_t) override {
    if (Pending.empty() || Theta.size() == 0)
      return;
    // The mean gradient over the steps, accumulated in place (no
    // parameter-sized temporary per step).
    VectorXd Grad = VectorXd::Zero(Theta.size());
    View W = view(Theta), Gw = view(Grad);
    double Best = bestFitness() > 0 ? bestFitness() : 1;
    double Inv = 1.0 / double(Pending.size());
    for (const Step &St : Pending) {
      std::optional<double> F = fitnessOf(St.Next);
      double Reward = F ? *F / Best : 0; // not measured: it broke a constraint
      VectorXd H, Pi;
      double V;
      forward(St.X, St.From, H, Pi, V);
      double Adv = Reward - V; // detached
      VectorXd DLogit = Pi * Adv;
      DLogit[St.A] -= Adv;
      double DV = V - Reward;
      VectorXd DH = W.Wa.transpose() * DLogit + DV * W.Wc;
      for (Eigen::Index I = 0; I < DH.size(); ++I)
        if (H[I] <= 0)
          DH[I] = 0;
      Gw.Wa.noalias() += (Inv * DLogit) * H.transpose();
      Gw.Ba += Inv * DLogit;
      Gw.Wc += (Inv * DV) * H;
      Gw.Bc[0] += Inv * DV;
      Gw.W1.noalias() += (Inv * DH) * St.X.transpose();
      Gw.B1 += Inv * DH;
    }
    adam(Grad);
    Pending.clear();
  }
  void adam(const VectorXd &G) {
    const double B1 = 0.9, B2 = 0.999;
    ++AdamT;
    M1 = B1 * M1 + (1 - B1) * G;
    V1 = B2 * V1 + (1 - B2) * G.cwiseProduct(G);
    double C1 = 1 - std::pow(B1, AdamT), C2 = 1 - std::pow(B2, AdamT);
    Theta -= Lr * ((M1 / C1).array() / ((V1 / C2).array().sqrt() + 1e-8)).matrix();
  }

  static std::vector<double> vec(const VectorXd &V) {
    return std::vector<double>(V.data(), V.data() + V.size());
  }
  static VectorXd unvec(const nlohmann::json &J) {
    std::vector<double> V = J.get<std::vector<double>>();
    return Eigen::Map<VectorXd>(V.data(), V.size());
  }
  nlohmann::json saveState() const override {
    return {{"theta", vec(Theta)}, {"m", vec(M1)}, {"v", vec(V1)}, {"t", AdamT}};
  }
  void restoreState(const nlohmann::json &J) override {
    Theta = unvec(J.at("theta"));
    M1 = unvec(J.at("m"));
    V1 = unvec(J.at("v"));
    AdamT = J.at("t");
  }

  std::vector<Move> Moves;
  VectorXd Theta, M1, V1;
  double AdamT = 0;
  std::vector<Step> Pending; // moves of the last ask, trained on in told()
};

} // namespace

const StrategyInfo &infoNa2c() {
  static const StrategyInfo I = boundStrategy<Na2cTuner, Na2cOptions>(
      "na2c",
      "N-A2C: actor-critic MLP choosing single moves; rolls out from the best "
      "config, trains on the advantage after each batch",
      {{"hidden", &Na2cOptions::Hidden, 128, {1, 1e5}, "hidden ReLU units"},
       {"lr", &Na2cOptions::Lr, 1e-3, {0, 10}, "Adam learning rate"},
       {"epsilon", &Na2cOptions::Eps, 0.1, {0, 1}, "probability of a uniform random move"},
       {"steps", &Na2cOptions::Steps, 3, {1, 1e4}, "most moves per roll-out (T)"},
       {"batch", &Na2cOptions::Batch, 6, {1, 1e6}, "new configs collected per update"}},
      6);
  return I;
}

} // namespace gevo::evolve::tune
