//===- Cluster.h - Several processes as one run, over MPI ---------*- C++ -*-===//
//
// `mpirun -n N gevo-evolve ...` (or srun) starts N ranks of one job. Rank 0
// runs the search as a lone process would; every other rank serves it: it
// builds its own Service (for GEVO: a variant builder and an Evaluator with
// its own sandboxed workers, target and devices) from the setup rank 0
// sends, and runs the jobs rank 0 hands out. A Dispatcher on rank 0 splits
// each batch into chunks the ranks (and rank 0's own Service) take as they
// become free, and puts the results back in the order asked: a run whose
// objective is deterministic logs the same bytes whatever N.
//
// MPI is optional at build time (GEVO_HAVE_MPI). launchedRanks() reads the
// launcher's environment, so a build without MPI still knows when it was
// started as several ranks and can say why it cannot serve them.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CLUSTER_H
#define GEVO_HARNESS_CLUSTER_H


#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gevo::cluster {

/// Whether this build can run as MPI ranks; when not, why (from CMake).
bool built();
const char *notBuiltReason();

/// The job's size when an MPI launcher (mpirun, srun) started this process
/// as one of several ranks, else 0 (read from the launcher's environment).
unsigned launchedRanks();
/// Whether an environment variable belongs to the launcher: a process a
/// rank starts (an app of the suite) must not inherit it, or it would take
/// itself for that rank.
bool isLauncherVariable(std::string_view NameEqualsValue);

struct Message {
  int From = -1, Tag = 0;
  std::string Bytes;
};

/// The ranks of one job (MPI_COMM_WORLD). Every call is made from the
/// thread that created it.
class Comm {
public:
  /// Initialises MPI (an error when built without it).
  static llvm::Expected<std::unique_ptr<Comm>> init(int &Argc, char **&Argv);
  /// Finalises MPI.
  ~Comm();
  int rank() const { return Rank; }
  int size() const { return Size; }
  /// This rank's host name.
  const std::string &host() const { return Host; }
  void send(int To, int Tag, std::string_view Bytes);
  /// The next message (from \p From, or any rank when -1), waiting up to
  /// \p Seconds; nullopt when none came. A waiting rank sleeps between
  /// polls, leaving its cores to its workers.
  std::optional<Message> receive(double Seconds, int From = -1);
  /// The next message, however long it takes (a rank waiting for work).
  Message wait(int From = -1);
  /// Returns once every rank has called it.
  void barrier();
  /// Ends every rank of the job with \p Status.
  [[noreturn]] void abort(int Status);

private:
  Comm() = default;
  int Rank = 0, Size = 1;
  std::string Host;
};

/// A fingerprint of this process's executable, so ranks running different
/// builds are told apart.
std::string executableDigest();

/// What a rank runs for the job: chunks of opaque jobs (e.g. variants to
/// build and measure), one result per job, in order.
struct Service {
  std::function<std::vector<std::string>(const std::vector<std::string> &)>
      Run;
  /// What judges a job here (Evaluator::fingerprint): ranks must agree.
  std::string Fingerprint;
  /// Jobs it runs at once (its workers): the size of a chunk it is given.
  unsigned Workers = 1;
  /// The base's time here, for rescaling times between ranks.
  double BaseSeconds = 0;
};

struct DispatchOptions {
  /// A rank that holds work this long without answering is lost.
  double RankTimeoutSeconds = 600;
  /// Whether rank 0's own Service takes chunks too.
  bool RootWorks = true;
};

/// Rank 0's side: the job's ranks as one Service.
class Dispatcher {
public:
  /// What a rank that stopped answering means to the run: the caller says
  /// how to continue (the Dispatcher then ends the job).
  using LostFn = std::function<void(const std::string &What)>;

  /// Sends \p Setup to every other rank and waits for each to be ready;
  /// an error names the first rank that failed or whose fingerprint or
  /// executable differ from \p Local's.
  static llvm::Expected<std::unique_ptr<Dispatcher>>
  connect(Comm &C, Service Local, std::string_view Setup,
          const DispatchOptions &O, LostFn Lost);

  /// Runs \p Jobs across the ranks; results in order. \p BaseSeconds, when
  /// given, gets for each result the base time of the rank that ran it.
  std::vector<std::string> run(const std::vector<std::string> &Jobs,
                               std::vector<double> *BaseSeconds = nullptr);

  struct Peer {
    int Rank = 0;
    std::string Host;
    unsigned Workers = 0;
    double BaseSeconds = 0;
    uint64_t Done = 0; ///< jobs run
  };
  const std::vector<Peer> &peers() const { return Peers; }
  /// Jobs rank 0's own Service ran.
  uint64_t doneHere() const { return Here; }
  /// Bytes sent and received for jobs (not the setup).
  uint64_t bytesSent() const { return Sent; }
  uint64_t bytesReceived() const { return Received; }
  /// Rank 0's time encoding, sending, receiving and decoding (the cost of
  /// the MPI path, not the waiting).
  double dispatchSeconds() const { return Busy; }

private:
  struct Batch;
  Dispatcher(Comm &C, Service Local, const DispatchOptions &O, LostFn Lost)
      : C(C), Local(std::move(Local)), O(O), Lost(std::move(Lost)) {}
  bool handOut(Batch &B, Peer &P);
  void take(Batch &B, const Message &M);
  void runHere(Batch &B);
  [[noreturn]] void lose(const Peer &P, double Seconds);

  Comm &C;
  Service Local;
  DispatchOptions O;
  LostFn Lost;
  std::vector<Peer> Peers;
  uint64_t Here = 0, Sent = 0, Received = 0, Batches = 0;
  double Busy = 0;
};

/// Rank 0, once, at the end: tells every other rank to stop serving
/// (those still waiting for the setup too).
void releaseServers(Comm &C);

/// What a serving rank builds from rank 0's setup.
using MakeServiceFn =
    llvm::function_ref<llvm::Expected<Service>(std::string_view Setup)>;

/// A rank other than 0: waits for the setup, builds its Service, says it is
/// ready (or why it cannot be) and runs what rank 0 sends until it says
/// stop. An error is this rank's own; rank 0 has been told.
llvm::Error serve(Comm &C, MakeServiceFn Make);

} // namespace gevo::cluster

#endif
