//===- Comm.cpp - MPI_COMM_WORLD as byte messages ---------------------------===//
//
// Sends are asynchronous (MPI_Isend, the buffer kept until it completes), so
// rank 0 never waits on a rank busy evaluating; receives poll with a short,
// growing sleep, so a waiting rank does not spin on a core its workers need.
//
//===----------------------------------------------------------------------===//

#include "gevo/harness/Cluster.h"
#include "gevo/harness/Sandbox.h"

#include "llvm/Support/FileSystem.h"

#include <chrono>
#include <cstdlib>
#include <list>
#include <thread>

#ifdef GEVO_HAVE_MPI
#include <mpi.h>
#endif

namespace gevo::cluster {

namespace {
unsigned envCount(const char *Name) {
  const char *V = std::getenv(Name);
  return V ? unsigned(std::strtoul(V, nullptr, 10)) : 0;
}
} // namespace

unsigned launchedRanks() {
  if (unsigned N = envCount("OMPI_COMM_WORLD_SIZE"))
    return N;
  if (unsigned N = envCount("PMI_SIZE"))
    return N;
  if (std::getenv("PMIX_RANK")) // srun --mpi=pmix
    return std::max(1u, envCount("SLURM_STEP_NUM_TASKS"));
  return 0;
}

bool isLauncherVariable(std::string_view Var) {
  for (std::string_view Prefix :
       {"OMPI_", "PMIX_", "PMI_", "OPAL_", "ORTE_", "PRTE_", "HYDRA_",
        "MPI_LOCALNRANKS=", "MPI_LOCALRANKID="})
    if (Var.substr(0, Prefix.size()) == Prefix)
      return true;
  return false;
}

std::string executableDigest() {
  std::string Exe = llvm::sys::fs::getMainExecutable(nullptr, nullptr);
  auto Digest = llvm::sys::fs::md5_contents(Exe);
  if (!Digest)
    return "unreadable " + Exe;
  return Digest->digest().str().str();
}

Message Comm::wait(int From) {
  for (;;)
    if (std::optional<Message> M = receive(3600, From))
      return std::move(*M);
}

#ifdef GEVO_HAVE_MPI

namespace {
/// Sends in flight, each with the buffer MPI reads from.
struct Pending {
  MPI_Request Request;
  std::string Bytes;
};
std::list<Pending> &pendingSends() {
  static std::list<Pending> Sends;
  return Sends;
}
void completeSends(bool Wait) {
  auto &Sends = pendingSends();
  for (auto It = Sends.begin(); It != Sends.end();) {
    int Done = 0;
    if (Wait)
      MPI_Wait(&It->Request, MPI_STATUS_IGNORE), Done = 1;
    else
      MPI_Test(&It->Request, &Done, MPI_STATUS_IGNORE);
    It = Done ? Sends.erase(It) : std::next(It);
  }
}
} // namespace

bool built() { return true; }
const char *notBuiltReason() { return ""; }

llvm::Expected<std::unique_ptr<Comm>> Comm::init(int &Argc, char **&Argv) {
  int Provided = 0;
  if (MPI_Init_thread(&Argc, &Argv, MPI_THREAD_FUNNELED, &Provided) !=
      MPI_SUCCESS)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "MPI_Init_thread failed");
  std::unique_ptr<Comm> C(new Comm);
  MPI_Comm_rank(MPI_COMM_WORLD, &C->Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &C->Size);
  char Name[MPI_MAX_PROCESSOR_NAME];
  int Len = 0;
  MPI_Get_processor_name(Name, &Len);
  C->Host.assign(Name, Len);
  // MPI's progress threads never touch what a forked sandbox server uses.
  Sandbox::tolerateCurrentThreads();
  return C;
}

Comm::~Comm() {
  completeSends(/*Wait=*/true);
  MPI_Finalize();
}

void Comm::send(int To, int Tag, std::string_view Bytes) {
  auto &P = pendingSends().emplace_back();
  P.Bytes.assign(Bytes);
  MPI_Isend(P.Bytes.data(), int(P.Bytes.size()), MPI_BYTE, To, Tag,
            MPI_COMM_WORLD, &P.Request);
  completeSends(/*Wait=*/false);
}

std::optional<Message> Comm::receive(double Seconds, int From) {
  using Clock = std::chrono::steady_clock;
  auto Deadline = Clock::now() + std::chrono::duration<double>(Seconds);
  auto Nap = std::chrono::microseconds(20);
  for (;;) {
    completeSends(/*Wait=*/false);
    int Flag = 0;
    MPI_Status St;
    MPI_Iprobe(From < 0 ? MPI_ANY_SOURCE : From, MPI_ANY_TAG, MPI_COMM_WORLD,
               &Flag, &St);
    if (Flag) {
      int Count = 0;
      MPI_Get_count(&St, MPI_BYTE, &Count);
      Message M{St.MPI_SOURCE, St.MPI_TAG, std::string(size_t(Count), '\0')};
      MPI_Recv(M.Bytes.data(), Count, MPI_BYTE, St.MPI_SOURCE, St.MPI_TAG,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      return M;
    }
    if (Clock::now() >= Deadline)
      return std::nullopt;
    std::this_thread::sleep_for(Nap);
    Nap = std::min(Nap * 2, std::chrono::microseconds(250));
  }
}

void Comm::barrier() { MPI_Barrier(MPI_COMM_WORLD); }

void Comm::abort(int Status) {
  MPI_Abort(MPI_COMM_WORLD, Status);
  std::_Exit(Status);
}

#else // !GEVO_HAVE_MPI

bool built() { return false; }
const char *notBuiltReason() { return GEVO_NO_MPI_REASON; }

llvm::Expected<std::unique_ptr<Comm>> Comm::init(int &, char **&) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::Twine("this build has no MPI (") + GEVO_NO_MPI_REASON +
          "): install libopenmpi-dev (scripts/setup.sh) and rebuild");
}
Comm::~Comm() = default;
void Comm::send(int, int, std::string_view) {}
std::optional<Message> Comm::receive(double, int) { return std::nullopt; }
void Comm::barrier() {}
void Comm::abort(int Status) { std::_Exit(Status); }

#endif

} // namespace gevo::cluster
