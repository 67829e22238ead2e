//===- driver.cpp - streamcluster: online k-median over a stream of points -===//
//
// The host side of Rodinia's streamcluster, written here from the
// algorithm: points arrive in chunks; each chunk is clustered by a local
// search for a facility-location solution with between kmin and kmax
// centres (pkmedian: a binary search on the facility cost z around pFL,
// which tries random candidate facilities with pgain); each chunk's
// centres, moved to the weighted means of their points and weighted by
// their point counts, join a list of centres that is clustered the same
// way at the end of the stream. pgain's per-point work runs on the device
// (kernel.cu's pgain_kernel, one launch per candidate); the decision and
// the update of the solution run here.
//
// Params: "n" points in ceil(n / "chunk") chunks of equal size (within
// one point: a drawn n that is not a multiple of chunk leaves no small
// last chunk), "dim", "kmin", "kmax";
// the stream is "clusters" blobs (centres uniform in [0, 1)^dim, points
// at a centre plus "spread" x (u1 + u2 + u3 + u4 - 2)) drawn with
// "data_seed"; "seed" drives the search. Random numbers: a 64-bit LCG
// (Knuth's MMIX constants), 31-bit outputs, u = r / 2^31, as gen.py's.
//
// Outputs: the final centres (f32, k x dim) and weights (f32, k). Error:
// the clustering cost (sum over all points of the squared distance to the
// nearest final centre) over the cost of the generating centres. A final
// k outside kmin..kmax (the search gave up) is wrong_output.
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/Driver.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

using namespace gevo;

namespace {

constexpr unsigned Block = 128; // BLOCK in kernel.cu
constexpr double Iter = 3;      // pFL tries Iter * kmax * ln(kmax) candidates
/// pFL passes before giving up (the unmodified kernel needs a few): a
/// broken kernel can make the cost fall for ever.
constexpr int MaxPasses = 50;
/// Changes of z before the search settles for what it has: past this z
/// has underflowed (or met its bound to double precision).
constexpr int MaxZSteps = 64;

struct Lcg {
  uint64_t State;
  uint32_t next() {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return uint32_t(State >> 33);
  }
  double uniform() { return next() / 2147483648.0; }
};

/// A launch that did not succeed, or a search that did not settle, carried
/// out of the search.
struct Fault {
  LaunchOutcome L;
};

void check(const std::string &Err) {
  if (!Err.empty())
    throw std::runtime_error(Err);
}

/// A weighted point set and a facility-location solution on it.
struct Points {
  unsigned Dim = 0;
  std::vector<float> Coord; // point-major: Coord[i * Dim + d]
  std::vector<float> Weight;
  std::vector<float> Cost;     // weighted squared distance to its centre
  std::vector<int32_t> Assign; // its centre's index
  std::vector<char> IsCenter;
  size_t size() const { return Weight.size(); }
  const float *at(size_t I) const { return &Coord[I * Dim]; }

  /// Squared distance, in float, in the kernel's order.
  float dist(size_t I, size_t J) const {
    float S = 0;
    for (unsigned D = 0; D < Dim; ++D) {
      float Diff = at(I)[D] - at(J)[D];
      S += Diff * Diff;
    }
    return S;
  }
  void push(const float *C, float W) {
    Coord.insert(Coord.end(), C, C + Dim);
    Weight.push_back(W);
  }
};

/// The device side of pgain for one point set.
class Gains {
public:
  Gains(PlanDevice &D, const Points &P) : D(D), P(P) {
    size_t N = P.size(), Blocks = (N + Block - 1) / Block;
    const std::pair<uint64_t *, size_t> Bufs[] = {
        {&CoordBuf, N * P.Dim * 4}, {&WeightBuf, N * 4}, {&CostBuf, N * 4},
        {&AssignBuf, N * 4},        {&TableBuf, N * 4},  {&SwitchBuf, N * 4},
        {&WorkBuf, Blocks * (N + 1) * 4}};
    for (auto [Buf, Size] : Bufs) {
      check(D.alloc(Size, *Buf));
      Live.push_back(*Buf);
    }
  }
  ~Gains() {
    for (uint64_t B : Live)
      D.release(B);
  }
  /// After the points moved (a shuffle): send them again.
  void pointsChanged() { Sent = false; }

  /// Per-slot savings of opening X (slot K: the points that switch), and
  /// which points switch. Table maps a centre's index to its slot.
  std::vector<double> run(int32_t X, const std::vector<int32_t> &Table,
                          int32_t K, std::vector<int32_t> &Switch) {
    int32_t N = int32_t(P.size());
    if (!Sent) {
      std::vector<float> ByDim(P.Coord.size());
      for (int32_t I = 0; I < N; ++I)
        for (unsigned Dm = 0; Dm < P.Dim; ++Dm)
          ByDim[Dm * N + I] = P.at(I)[Dm];
      check(D.write(CoordBuf, toBytes(ByDim)));
      check(D.write(WeightBuf, toBytes(P.Weight)));
      Sent = true;
    }
    check(D.write(CostBuf, toBytes(P.Cost)));
    check(D.write(AssignBuf, toBytes(P.Assign)));
    check(D.write(TableBuf, toBytes(Table)));
    unsigned Blocks = (N + Block - 1) / Block;
    LaunchOutcome L = D.launch(
        "pgain_kernel", {Blocks}, {Block}, P.Dim * 4,
        {scalarArg(N), scalarArg(int32_t(P.Dim)), scalarArg(X),
         scalarArg(CoordBuf), scalarArg(WeightBuf), scalarArg(CostBuf),
         scalarArg(AssignBuf), scalarArg(TableBuf), scalarArg(K),
         scalarArg(WorkBuf), scalarArg(SwitchBuf)});
    if (L.S != Status::Ok)
      throw Fault{L};
    Bytes Work(size_t(Blocks) * (K + 1) * 4), Sw(size_t(N) * 4);
    check(D.read(WorkBuf, Work));
    check(D.read(SwitchBuf, Sw));
    Switch = fromBytes<int32_t>(Sw);
    std::vector<float> Rows = fromBytes<float>(Work);
    std::vector<double> Slots(K + 1, 0.0);
    for (unsigned B = 0; B < Blocks; ++B)
      for (int32_t S = 0; S <= K; ++S)
        Slots[S] += Rows[B * (K + 1) + S];
    return Slots;
  }

private:
  PlanDevice &D;
  const Points &P;
  uint64_t CoordBuf, WeightBuf, CostBuf, AssignBuf, TableBuf, SwitchBuf,
      WorkBuf;
  std::vector<uint64_t> Live;
  bool Sent = false;
};

/// The local search on one point set (pkmedian and its parts).
class Search {
public:
  Search(PlanDevice &D, Points &P, Lcg &R) : P(P), R(R), G(D, P) {}

  /// A solution with between KMin and KMax centres (or the closest the
  /// binary search on z reaches).
  void run(int KMin, int KMax) {
    size_t N = P.size();
    P.Cost.assign(N, 0);
    P.Assign.resize(N);
    P.IsCenter.assign(N, 1);
    std::iota(P.Assign.begin(), P.Assign.end(), 0);
    if (N <= size_t(KMax))
      return; // every point its own centre
    double Hiz = 0, Loz = 0;
    for (size_t I = 0; I < N; ++I)
      Hiz += P.dist(I, 0) * P.Weight[I];
    double Z = (Hiz + Loz) / 2;
    int ZSteps = 0;
    shuffle();
    double Cost = speedy(Z);
    if (centres() < KMin) // one more chance at this z
      Cost = speedy(Z);
    while (centres() < KMin && ++ZSteps < MaxZSteps) { // z too high
      Hiz = Z;
      Z = (Hiz + Loz) / 2;
      shuffle();
      Cost = speedy(Z);
    }
    std::vector<int32_t> Feasible = feasible(KMin);
    long Iters = long(Iter * KMax * std::log(double(KMax)));
    for (;;) {
      Cost = fl(Feasible, Z, Cost, Iters, 0.1);
      int K = centres();
      if ((K <= 1.1 * KMax && K >= 0.9 * KMin) ||
          (K <= KMax + 2 && K >= KMin - 2))
        Cost = fl(Feasible, Z, Cost, Iters, 0.001);
      K = centres();
      if (K > KMax) { // facilities too cheap
        Loz = Z;
        Z = (Hiz + Loz) / 2;
        Cost += (Z - Loz) * K;
      }
      if (K < KMin) { // facilities too expensive
        Hiz = Z;
        Z = (Hiz + Loz) / 2;
        Cost += (Z - Hiz) * K;
      }
      if ((K <= KMax && K >= KMin) || Loz >= 0.999 * Hiz ||
          ++ZSteps >= MaxZSteps)
        return;
    }
  }

private:
  int centres() const {
    return int(std::count(P.IsCenter.begin(), P.IsCenter.end(), 1));
  }

  /// A random permutation of the points (Fisher-Yates).
  void shuffle() {
    for (size_t I = P.size() - 1; I > 0; --I) {
      size_t J = R.next() % (I + 1);
      std::swap_ranges(P.Coord.begin() + I * P.Dim,
                       P.Coord.begin() + (I + 1) * P.Dim,
                       P.Coord.begin() + J * P.Dim);
      std::swap(P.Weight[I], P.Weight[J]);
    }
    G.pointsChanged();
  }

  /// Opens point I as a centre: every point closer to it moves there.
  void open(size_t I) {
    P.IsCenter[I] = 1;
    for (size_t J = 0; J < P.size(); ++J)
      if (float C = P.dist(J, I) * P.Weight[J]; C < P.Cost[J]) {
        P.Cost[J] = C;
        P.Assign[J] = int32_t(I);
      }
  }

  /// A quick first solution: point 0 opens, then each point opens with
  /// probability cost / z. Returns the facility-location cost.
  double speedy(double Z) {
    P.IsCenter.assign(P.size(), 0);
    P.Cost.assign(P.size(), INFINITY);
    open(0);
    for (size_t I = 1; I < P.size(); ++I)
      if (R.uniform() < P.Cost[I] / Z)
        open(I);
    return Z * centres() + std::accumulate(P.Cost.begin(), P.Cost.end(), 0.0);
  }

  /// Candidate facilities: all points, or Iter * kmin * ln(kmin) of them
  /// drawn with probability proportional to weight.
  std::vector<int32_t> feasible(int KMin) {
    size_t N = P.size();
    size_t M = std::clamp<size_t>(
        size_t(Iter * KMin * std::log(double(KMin))), 1, N);
    std::vector<int32_t> F(M);
    if (M == N) {
      std::iota(F.begin(), F.end(), 0);
      return F;
    }
    std::vector<double> Accum(N);
    std::partial_sum(P.Weight.begin(), P.Weight.end(), Accum.begin());
    for (int32_t &Pick : F) {
      double W = R.uniform() * Accum.back();
      Pick = int32_t(std::min<size_t>(
          N - 1, std::upper_bound(Accum.begin(), Accum.end(), W) - Accum.begin()));
    }
    return F;
  }

  /// Facility location from the current solution: passes of Iters random
  /// candidates until a pass improves the cost by less than E of it.
  double fl(std::vector<int32_t> &Feasible, double Z, double Cost, long Iters,
            double E) {
    int Passes = 0;
    for (double Change = Cost; Change / Cost > E; Cost -= Change) {
      if (++Passes > MaxPasses)
        throw Fault{{Status::Timeout, "the local search did not settle in " +
                                          std::to_string(MaxPasses) +
                                          " passes"}};
      Change = 0;
      for (size_t I = Feasible.size() - 1; I > 0; --I)
        std::swap(Feasible[I], Feasible[R.next() % (I + 1)]);
      for (long I = 0; I < Iters; ++I)
        Change += gain(Feasible[I % Feasible.size()], Z);
    }
    return Cost;
  }

  /// Opens X if that, with closing every centre whose points would rather
  /// move to X than keep it at cost z, lowers the cost; returns the gain.
  double gain(int32_t X, double Z) {
    std::vector<int32_t> Table(P.size(), 0), Switch;
    int32_t K = 0;
    for (size_t I = 0; I < P.size(); ++I)
      if (P.IsCenter[I])
        Table[I] = K++;
    std::vector<double> Slots = G.run(X, Table, K, Switch);
    double Gain = Slots[K] - Z;
    for (int32_t S = 0; S < K; ++S)
      Gain += std::max(0.0, Z + Slots[S]);
    if (!(Gain > 0))
      return 0;
    for (size_t I = 0; I < P.size(); ++I)
      if (Switch[I] || Z + Slots[Table[P.Assign[I]]] > 0) {
        P.Cost[I] = P.dist(I, X) * P.Weight[I];
        P.Assign[I] = X;
      }
    for (size_t I = 0; I < P.size(); ++I)
      if (P.IsCenter[I] && Z + Slots[Table[I]] > 0)
        P.IsCenter[I] = 0;
    P.IsCenter[X] = 1;
    return Gain;
  }

  Points &P;
  Lcg &R;
  Gains G;
};

/// Moves every centre to the weighted mean of its points, adding their
/// weights to its own.
void moveCentres(Points &P) {
  for (size_t I = 0; I < P.size(); ++I) {
    size_t C = P.Assign[I];
    if (C == I)
      continue;
    float Rel = P.Weight[I] / (P.Weight[C] + P.Weight[I]);
    for (unsigned D = 0; D < P.Dim; ++D)
      P.Coord[C * P.Dim + D] =
          P.Coord[C * P.Dim + D] * (1 - Rel) + P.at(I)[D] * Rel;
    P.Weight[C] += P.Weight[I];
  }
}

/// The stream: blobs around Clusters random centres.
struct Stream {
  Points All;
  std::vector<double> Truth; // the generating centres, Clusters x Dim
};

Stream generate(const nlohmann::json &Params, unsigned Dim) {
  Lcg R{Params.at("data_seed").get<uint64_t>()};
  unsigned N = Params.at("n"), Clusters = Params.at("clusters");
  double Spread = Params.at("spread");
  if (N == 0 || Clusters == 0)
    throw std::invalid_argument("need n, clusters >= 1");
  Stream S;
  S.All.Dim = Dim;
  for (unsigned I = 0; I < Clusters * Dim; ++I)
    S.Truth.push_back(R.uniform());
  std::vector<float> P(Dim);
  for (unsigned I = 0; I < N; ++I) {
    unsigned C = R.next() % Clusters;
    for (unsigned D = 0; D < Dim; ++D) {
      double U = R.uniform() + R.uniform() + R.uniform() + R.uniform();
      P[D] = float(S.Truth[C * Dim + D] + Spread * (U - 2));
    }
    S.All.push(P.data(), 1);
  }
  return S;
}

/// Sum over the stream's points of the squared distance to the nearest of
/// Centres (K x Dim), in double.
template <class T>
double costTo(const Points &All, const std::vector<T> &Centres) {
  double Total = 0;
  for (size_t I = 0; I < All.size(); ++I) {
    double Best = INFINITY;
    for (size_t C = 0; C < Centres.size(); C += All.Dim) {
      double S = 0;
      for (unsigned D = 0; D < All.Dim; ++D) {
        double Diff = double(All.at(I)[D]) - double(Centres[C + D]);
        S += Diff * Diff;
      }
      Best = std::min(Best, S);
    }
    Total += Best;
  }
  return Total;
}

struct StreamclusterDriver : Driver {
  DriverOutcome run(PlanDevice &D, const DriverCase &C) override {
    const nlohmann::json &Params = C.Params;
    unsigned Dim = Params.at("dim"), Chunk = Params.at("chunk");
    int KMin = Params.at("kmin"), KMax = Params.at("kmax");
    if (Dim == 0 || Chunk == 0 || KMin < 1 || KMax < KMin)
      throw std::invalid_argument("need dim, chunk >= 1 and 1 <= kmin <= kmax");
    Stream S = generate(Params, Dim);
    Lcg R{Params.at("seed").get<uint64_t>()};
    Points Centres;
    Centres.Dim = Dim;
    try {
      size_t N = S.All.size(), Chunks = (N + Chunk - 1) / Chunk;
      for (size_t Ch = 0; Ch < Chunks; ++Ch) {
        Points P;
        P.Dim = Dim;
        for (size_t I = Ch * N / Chunks; I < (Ch + 1) * N / Chunks; ++I)
          P.push(S.All.at(I), 1);
        Search(D, P, R).run(KMin, KMax);
        moveCentres(P);
        for (size_t I = 0; I < P.size(); ++I)
          if (P.Assign[I] == int32_t(I))
            Centres.push(P.at(I), P.Weight[I]);
      }
      Search(D, Centres, R).run(KMin, KMax);
    } catch (const Fault &F) {
      return {F.L.S, F.L.Message, F.L.FaultUid};
    }
    moveCentres(Centres);
    std::vector<float> Final, Weights;
    for (size_t I = 0; I < Centres.size(); ++I)
      if (Centres.Assign[I] == int32_t(I)) {
        Final.insert(Final.end(), Centres.at(I), Centres.at(I) + Dim);
        Weights.push_back(Centres.Weight[I]);
      }
    DriverOutcome Out;
    if (Weights.size() < size_t(KMin) || Weights.size() > size_t(KMax)) {
      // The search gave up outside the range: not an answer (a broken
      // kernel that keeps every centre must not win on cost).
      Out.S = Status::WrongOutput;
      Out.Message = std::to_string(Weights.size()) + " centres, not in [" +
                    std::to_string(KMin) + ", " + std::to_string(KMax) + "]";
      return Out;
    }
    Out.Outputs = {output(Final), output(Weights)};
    Out.Error = costTo(S.All, Final) / costTo(S.All, S.Truth);
    return Out;
  }
};

} // namespace

GEVO_DRIVER(StreamclusterDriver)
