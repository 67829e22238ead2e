//===- Dispatch.cpp - Rank 0 hands out variants; the other ranks serve ------===//
//
// The protocol, each message one Wire record:
//   Setup   0 -> k  what the rank builds its Service from (opaque here)
//   Hello   k -> 0  ready or the error; host, workers, base time, fingerprints
//   Work    0 -> k  a batch number, the first index of a chunk, its jobs
//   Result  k -> 0  the batch number, the first index, each job's result
//   Stop    0 -> k  the run is over
// A rank holds at most two chunks, so the next one is there when it
// finishes. A chunk is up to four jobs per worker of the rank (fewer round
// trips, each of which leaves its workers idle a moment), and at most half
// a fair share of what is left, so the batch ends evenly.
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/Cluster.h"

#include "../sandbox/Wire.h"

#include <chrono>
#include <deque>
#include <mutex>
#include <thread>

namespace gevo::cluster {

using sandbox::WireReader;
using sandbox::WireWriter;

namespace {
enum Tag : int { SetupTag = 1, HelloTag, WorkTag, ResultTag, StopTag };

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

llvm::Error clusterError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// The Hello record.
struct Hello {
  std::string Error, Host, Fingerprint, Executable;
  unsigned Workers = 0;
  double BaseSeconds = 0;

  std::string encode() const {
    WireWriter W;
    for (const std::string *S : {&Error, &Host, &Fingerprint, &Executable})
      W.str(*S);
    W.u64(Workers);
    W.f64(BaseSeconds);
    return W.take();
  }
  bool decode(std::string_view In) {
    WireReader R(In);
    for (std::string *S : {&Error, &Host, &Fingerprint, &Executable})
      *S = R.str();
    Workers = unsigned(R.u64());
    BaseSeconds = R.f64();
    return R.atEnd();
  }
};

/// The rank's name in messages.
std::string rankName(int Rank, const std::string &Host) {
  return "rank " + std::to_string(Rank) + " (host " + Host + ")";
}
} // namespace

/// One run() call: chunks are taken in order by the ranks and by rank
/// 0's own thread, results written back by index.
struct Dispatcher::Batch {
  Batch(uint64_t Number, const std::vector<std::string> &Jobs)
      : Number(Number), Jobs(Jobs), Results(Jobs.size()),
        Base(Jobs.size()) {}
  uint64_t Number;
  const std::vector<std::string> &Jobs;
  std::vector<std::string> Results;
  std::vector<double> Base; ///< the base time of the rank that ran each
  size_t Next = 0, Done = 0;
  unsigned Takers = 1;
  std::mutex M;
  /// Per peer (index into Peers): the first index of each chunk it holds,
  /// and when it last answered or was given work while idle.
  std::vector<std::deque<size_t>> Held;
  std::vector<double> Since;

  /// The next chunk for a taker with \p Workers workers: [First, First+N).
  std::pair<size_t, size_t> next(unsigned Workers) {
    size_t Left = Jobs.size() - Next;
    size_t N = std::min<size_t>(4 * size_t(Workers),
                                (Left + 2 * Takers - 1) / (2 * Takers));
    N = std::max<size_t>(std::min<size_t>(N, Left), Left ? 1 : 0);
    size_t First = Next;
    Next += N;
    return {First, N};
  }
};

llvm::Expected<std::unique_ptr<Dispatcher>>
Dispatcher::connect(Comm &C, Service Local, std::string_view Setup,
                    const DispatchOptions &O, LostFn Lost) {
  std::string Mine = Local.Fingerprint, Exe = executableDigest();
  std::unique_ptr<Dispatcher> D(
      new Dispatcher(C, std::move(Local), O, std::move(Lost)));
  for (int K = 1; K < C.size(); ++K)
    C.send(K, SetupTag, Setup);
  std::vector<std::optional<Hello>> Got(C.size());
  for (int Left = C.size() - 1; Left > 0;) {
    std::optional<Message> M = C.receive(O.RankTimeoutSeconds);
    if (!M)
      return clusterError(std::to_string(Left) + " rank(s) did not get ready "
                          "within " + std::to_string(int(O.RankTimeoutSeconds)) +
                          " s");
    Hello H;
    if (M->Tag != HelloTag || !H.decode(M->Bytes))
      return clusterError("rank " + std::to_string(M->From) +
                          " sent a malformed message while starting");
    std::string Who = rankName(M->From, H.Host);
    if (!H.Error.empty())
      return clusterError(Who + ": " + H.Error);
    if (H.Executable != Exe)
      return clusterError(Who + " runs a different gevo build than rank 0 "
                          "(executable digest " + H.Executable + " vs " + Exe +
                          "): install the same one on every host");
    if (H.Fingerprint != Mine)
      return clusterError(Who + " read a different base kernel or tests dir "
                          "than rank 0 (the oracle's key " +
                          H.Fingerprint.substr(0, 12) + " vs " +
                          Mine.substr(0, 12) + "): every rank must see the "
                          "same files");
    Got[M->From] = H;
    --Left;
  }
  for (int K = 1; K < C.size(); ++K)
    D->Peers.push_back({K, Got[K]->Host, std::max(1u, Got[K]->Workers),
                        Got[K]->BaseSeconds, 0});
  return D;
}

void releaseServers(Comm &C) {
  for (int K = 1; K < C.size(); ++K)
    C.send(K, StopTag, "");
}

bool Dispatcher::handOut(Batch &B, Peer &P) {
  double Start = now();
  size_t I = &P - Peers.data();
  std::pair<size_t, size_t> Chunk;
  {
    std::lock_guard<std::mutex> L(B.M);
    if (B.Held[I].size() >= 2 || B.Next == B.Jobs.size())
      return false;
    Chunk = B.next(P.Workers);
  }
  WireWriter W;
  W.u64(B.Number);
  W.u64(Chunk.first);
  W.u64(Chunk.second);
  for (size_t K = 0; K < Chunk.second; ++K)
    W.str(B.Jobs[Chunk.first + K]);
  std::string Bytes = W.take();
  Sent += Bytes.size();
  if (B.Held[I].empty())
    B.Since[I] = now();
  B.Held[I].push_back(Chunk.first);
  C.send(P.Rank, WorkTag, Bytes);
  Busy += now() - Start;
  return true;
}

void Dispatcher::take(Batch &B, const Message &M) {
  Received += M.Bytes.size();
  WireReader R(M.Bytes);
  uint64_t Number = R.u64(), First = R.u64(), N = R.count(8);
  size_t I = size_t(M.From - 1);
  if (M.Tag != ResultTag || Number != B.Number || I >= Peers.size() ||
      B.Held[I].empty() || B.Held[I].front() != First ||
      First + N > B.Results.size())
    lose(Peers.at(I < Peers.size() ? I : 0), 0); // not the protocol: a bug
  Peer &P = Peers[I];
  std::lock_guard<std::mutex> L(B.M);
  for (uint64_t K = 0; K < N; ++K) {
    B.Results[First + K] = R.str();
    B.Base[First + K] = P.BaseSeconds;
  }
  if (!R.atEnd())
    lose(P, 0);
  B.Done += N;
  P.Done += N;
  B.Held[I].pop_front();
  B.Since[I] = now();
}

void Dispatcher::lose(const Peer &P, double Seconds) {
  std::string What = rankName(P.Rank, P.Host);
  What += Seconds > 0 ? " has not answered for " +
                            std::to_string(int(Seconds)) + " s"
                      : " broke the protocol";
  if (Lost)
    Lost(What);
  C.abort(1);
}

void Dispatcher::runHere(Batch &B) {
  for (;;) {
    std::pair<size_t, size_t> Chunk;
    {
      std::lock_guard<std::mutex> L(B.M);
      Chunk = B.next(Local.Workers);
    }
    if (!Chunk.second)
      return;
    std::vector<std::string> Slice(B.Jobs.begin() + Chunk.first,
                                   B.Jobs.begin() + Chunk.first + Chunk.second);
    std::vector<std::string> Out = Local.Run(Slice);
    std::lock_guard<std::mutex> L(B.M);
    for (size_t K = 0; K < Out.size(); ++K) {
      B.Results[Chunk.first + K] = std::move(Out[K]);
      B.Base[Chunk.first + K] = Local.BaseSeconds;
    }
    B.Done += Chunk.second;
    Here += Chunk.second;
  }
}

std::vector<std::string> Dispatcher::run(const std::vector<std::string> &Jobs,
                                         std::vector<double> *BaseSeconds) {
  Batch B(++Batches, Jobs);
  B.Held.resize(Peers.size());
  B.Since.assign(Peers.size(), now());
  B.Takers = unsigned(Peers.size()) + (O.RootWorks ? 1 : 0);
  std::thread Mine;
  if (O.RootWorks)
    Mine = std::thread([&] { runHere(B); });
  for (Peer &P : Peers)
    while (handOut(B, P)) {
    }
  for (;;) {
    {
      std::lock_guard<std::mutex> L(B.M);
      if (B.Done == Jobs.size())
        break;
    }
    if (std::optional<Message> M = C.receive(0.05)) {
      double Start = now();
      take(B, *M);
      Busy += now() - Start;
      handOut(B, Peers[M->From - 1]);
      continue;
    }
    double T = now();
    for (size_t I = 0; I < Peers.size(); ++I)
      if (!B.Held[I].empty() && T - B.Since[I] > O.RankTimeoutSeconds)
        lose(Peers[I], T - B.Since[I]);
  }
  if (Mine.joinable())
    Mine.join();
  if (BaseSeconds)
    *BaseSeconds = std::move(B.Base);
  return std::move(B.Results);
}

llvm::Error serve(Comm &C, MakeServiceFn Make) {
  Message M = C.wait(0);
  if (M.Tag == StopTag)
    return llvm::Error::success();
  Hello H;
  H.Host = C.host();
  H.Executable = executableDigest();
  llvm::Expected<Service> S = Make(M.Bytes);
  if (!S) {
    H.Error = llvm::toString(S.takeError());
  } else {
    H.Fingerprint = S->Fingerprint;
    H.Workers = S->Workers;
    H.BaseSeconds = S->BaseSeconds;
  }
  C.send(0, HelloTag, H.encode());
  for (;;) {
    M = C.wait(0);
    if (M.Tag == StopTag)
      break;
    if (M.Tag != WorkTag || !S)
      continue;
    WireReader R(M.Bytes);
    uint64_t Number = R.u64(), First = R.u64(), N = R.count(8);
    std::vector<std::string> Jobs(N);
    for (std::string &J : Jobs)
      J = R.str();
    std::vector<std::string> Out = S->Run(Jobs);
    WireWriter W;
    W.u64(Number);
    W.u64(First);
    W.u64(Out.size());
    for (const std::string &Result : Out)
      W.str(Result);
    C.send(0, ResultTag, W.take());
  }
  return H.Error.empty() ? llvm::Error::success() : clusterError(H.Error);
}

} // namespace gevo::cluster
