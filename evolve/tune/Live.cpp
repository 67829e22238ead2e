//===- Live.cpp - Tuning by compiling and running the kernel ---------------===//

#include "gevo/evolve/tune/Live.h"

#include "LiveWorker.h"
#include "TuneError.h"

#include "gevo/harness/Sandbox.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <chrono>
#include <cmath>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace gevo::evolve::tune {

using nlohmann::json;

namespace {
using Clock = std::chrono::steady_clock;

std::string join(const std::vector<std::string> &V, const char *Sep) {
  std::string Out;
  for (const std::string &S : V)
    Out += (Out.empty() ? "" : Sep) + S;
  return Out;
}

/// Runs Argv in its own process group, stdout to /dev/null and stderr to
/// ErrPath; past Timeout seconds the whole group is killed. The exit
/// status, or -1 when it could not start, -2 when it timed out.
int runGroup(const std::vector<std::string> &Argv, const std::string &ErrPath,
             double Timeout) {
  posix_spawn_file_actions_t Files;
  posix_spawnattr_t Attr;
  posix_spawn_file_actions_init(&Files);
  posix_spawn_file_actions_addopen(&Files, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&Files, 2, ErrPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawnattr_init(&Attr);
  posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&Attr, 0);
  std::vector<char *> Args;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  pid_t Pid;
  int Err = posix_spawn(&Pid, Args[0], &Files, &Attr, Args.data(), environ);
  posix_spawn_file_actions_destroy(&Files);
  posix_spawnattr_destroy(&Attr);
  if (Err)
    return -1;
  auto Start = Clock::now();
  int WaitStatus = 0;
  while (waitpid(Pid, &WaitStatus, WNOHANG) == 0) {
    if (std::chrono::duration<double>(Clock::now() - Start).count() > Timeout) {
      kill(-Pid, SIGKILL);
      waitpid(Pid, &WaitStatus, 0);
      return -2;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return WIFEXITED(WaitStatus) ? WEXITSTATUS(WaitStatus) : 128 + WTERMSIG(WaitStatus);
}

std::string readFile(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

/// The first line of clang's diagnostics that says "error", else the first.
std::string firstError(const std::string &Text) {
  std::string First;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    std::string Line = Text.substr(Pos, End == std::string::npos ? End : End - Pos);
    if (First.empty())
      First = Line;
    if (Line.find("error") != std::string::npos)
      return Line;
    Pos = End == std::string::npos ? Text.size() : End + 1;
  }
  return First.empty() ? "gevo-cc failed" : First;
}

Evaluation failed(Status S, const std::string &Type, const std::string &Message,
                  double Cost = 0) {
  Evaluation E;
  E.S = S;
  E.Message = Message;
  E.CostSeconds = Cost;
  E.Detail = {{"error_type", Type}};
  return E;
}

llvm::Error checkFile(const std::string &What, const std::string &Path, bool Exec) {
  if (Path.empty() || access(Path.c_str(), Exec ? X_OK : R_OK) != 0)
    return tuneError("cannot " + std::string(Exec ? "run " : "read ") + What +
                     " '" + Path + "'");
  return llvm::Error::success();
}

/// The options make sense: a known metric and GPU, workers and repeats.
llvm::Error checkOptions(const LiveOptions &O) {
  if (O.Metric != "modeled" && O.Metric != "count" && O.Metric != "time")
    return tuneError("unknown live metric '" + O.Metric + "' (modeled, count, time)");
  if (auto G = gevo::cpu::findGpu(O.Gpu); !G)
    return G.takeError();
  if (O.Workers == 0 || O.Repeat == 0)
    return tuneError("the live objective needs at least one worker and one repeat");
  return llvm::Error::success();
}
} // namespace

llvm::Expected<std::unique_ptr<LiveProblem>>
LiveProblem::create(const OperatorShape &Op, const LiveOptions &O,
                    const std::optional<Space> &Given) {
  if (llvm::Error E = checkOptions(O))
    return E;
  llvm::Expected<Space> Mine = operatorSpace(Op, O.TemplateLimits);
  if (!Mine)
    return Mine.takeError();
  json Params = Mine->toJson()["params"];
  if (Given && Given->toJson()["params"] != Params) {
    std::string Want;
    for (const json &P : Params)
      Want += (Want.empty() ? "" : ", ") + P.at("name").get<std::string>() + " " +
              P.at("kind").get<std::string>() +
              (P.contains("total") ? " of " + P["total"].dump() + " in " + P["slots"].dump()
                                   : "");
    return tuneError("the space's parameters are not those of " + Op.Name + " (" +
                     Want + ")");
  }
  std::unique_ptr<LiveProblem> P(new LiveProblem(Op, O, Given ? *Given : *Mine));
  P->Template = std::move(*Mine);
  P->Source = O.KernelSource.empty() ? O.KernelDir + "/" + Op.source() : O.KernelSource;
  if (llvm::Error E = checkFile("gevo-cc", O.GevoCc, true))
    return E;
  if (llvm::Error E = checkFile("the kernel source", P->Source, false))
    return E;
  auto D = std::make_shared<LiveData>();
  D->Inputs = operatorInputs(Op);
  D->Reference = referenceOutput(Op, D->Inputs);
  SandboxOptions SO;
  SO.Workers = O.Workers;
  SO.JobTimeoutSeconds = O.RunTimeoutSeconds;
  auto Box = Sandbox::start(
      [D]() -> llvm::Expected<JobHandler> {
        return JobHandler([D](std::string_view Request) {
          return runLiveRequest(*D, Request).dump();
        });
      },
      SO);
  if (!Box)
    return tuneError("cannot start the sandbox: " + llvm::toString(Box.takeError()));
  P->Box = std::move(*Box);
  return P;
}

LiveProblem::LiveProblem(OperatorShape Op, LiveOptions O, Space S)
    : Op(std::move(Op)), Opts(std::move(O)), S(std::move(S)) {}

LiveProblem::~LiveProblem() = default;

Objective LiveProblem::objective() const {
  return {Opts.Metric == "time"      ? "kernel seconds"
          : Opts.Metric == "modeled" ? "modeled seconds on " + Opts.Gpu
                                     : "modeled cost",
          false};
}

size_t LiveProblem::compiles() const {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  return Cache.size();
}

size_t LiveProblem::compileHits() const {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  return Hits;
}

const LiveProblem::Compiled &
LiveProblem::compile(const std::vector<std::string> &Defines) const {
  std::string Key = join(Defines, " ");
  {
    std::lock_guard<std::mutex> Lock(CacheMutex);
    if (auto It = Cache.find(Key); It != Cache.end()) {
      ++Hits;
      return *It->second;
    }
  }
  auto C = std::make_shared<Compiled>();
  llvm::SmallString<128> Out, Err;
  if (llvm::sys::fs::createTemporaryFile("gevo-live", "bc", Out) ||
      llvm::sys::fs::createTemporaryFile("gevo-live", "err", Err)) {
    C->Message = "cannot create a temporary file";
  } else {
    std::vector<std::string> Argv = {Opts.GevoCc, "-I", Opts.KernelDir};
    for (const std::string &D : Defines)
      Argv.push_back("-D" + D);
    Argv.insert(Argv.end(), {Source, "-o", std::string(Out)});
    auto Start = Clock::now();
    int RC = runGroup(Argv, std::string(Err), Opts.CompileTimeoutSeconds);
    C->Seconds = std::chrono::duration<double>(Clock::now() - Start).count();
    C->TimedOut = RC == -2;
    C->Ok = RC == 0;
    if (C->Ok)
      C->Bitcode = readFile(std::string(Out));
    else if (!C->TimedOut)
      C->Message = RC == -1 ? "cannot run '" + Opts.GevoCc + "'"
                            : firstError(readFile(std::string(Err)));
  }
  llvm::sys::fs::remove(Out);
  llvm::sys::fs::remove(Err);
  std::lock_guard<std::mutex> Lock(CacheMutex);
  return *Cache.emplace(Key, C).first->second; // a racing twin's copy wins
}

Prepared LiveProblem::prepare(const Config &C) const {
  Prepared P;
  std::optional<std::string> Why = S.violation(C);
  if (!Why)
    Why = Template.violation(C);
  if (Why) {
    P.Key = "invalid " + std::to_string(S.encode(C));
    P.Failed = failed(Status::NotApplicable, "instantiation_error", *Why);
    return P;
  }
  llvm::Expected<Instance> In = instantiate(Op, S, C);
  if (!In) {
    P.Key = "invalid " + std::to_string(S.encode(C));
    P.Failed = failed(Status::NotApplicable, "instantiation_error",
                      llvm::toString(In.takeError()));
    return P;
  }
  P.Key = join(In->Defines, " ");
  const Compiled &Cc = compile(In->Defines);
  if (Cc.TimedOut)
    P.Failed = failed(Status::Timeout, "build_timeout",
                      "gevo-cc took longer than " +
                          std::to_string(Opts.CompileTimeoutSeconds) + " s",
                      Cc.Seconds);
  else if (!Cc.Ok)
    P.Failed = failed(Status::CompileFail, "compile_host", Cc.Message, Cc.Seconds);
  if (P.Failed)
    return P;
  LiveRequest R;
  R.Kernel = Op.kernel();
  R.Grid = In->Grid;
  R.Block = In->Block;
  R.Repeat = Opts.Metric == "time" ? Opts.Repeat : 1;
  if (Opts.Metric == "modeled")
    R.Gpu = Opts.Gpu;
  // A thread alone doing the whole operator stays far below this.
  R.CostLimit = uint64_t(std::min(64 * Op.flops() + double(1 << 24), 0x1p40));
  P.Payload = json({{"compile_seconds", Cc.Seconds}}).dump() + "\n" +
              encodeRequest(R, Cc.Bitcode);
  return P;
}

Evaluation LiveProblem::evaluationOf(const Prepared &P, const std::string &Reply,
                                     double JobSeconds) const {
  double Compile = json::parse(P.Payload.substr(0, P.Payload.find('\n')))
                       .at("compile_seconds")
                       .get<double>();
  json R = json::parse(Reply);
  Status St = parseStatus(R.at("status").get<std::string>()).value_or(Status::Crash);
  if (St != Status::Ok)
    return failed(St, R.at("error_type"), R.at("message"), Compile + JobSeconds);
  double Value = Opts.Metric == "time"    ? R.at("seconds").get<double>()
                 : Opts.Metric == "count" ? R.at("modeled_cost").get<double>()
                                          : R.at("modeled_seconds").get<double>();
  Evaluation E = makeEvaluation(Value, false);
  E.CostSeconds = Compile + JobSeconds;
  double Seconds = R.at("seconds");
  E.Detail = {{"error_type", "no_error"},
              {"modeled_cost", R.at("modeled_cost")},
              {"modeled_seconds", R.at("modeled_seconds")},
              {"kernel_seconds", Seconds},
              {"gflops", Seconds > 0 ? Op.flops() / Seconds / 1e9 : 0.0},
              {"compile_seconds", Compile},
              {"jit_seconds", R.at("jit_seconds")}};
  return E;
}

std::vector<Evaluation>
LiveProblem::measure(const std::vector<const Prepared *> &B) {
  std::vector<Evaluation> Out(B.size());
  std::vector<std::string> Requests;
  std::vector<size_t> Index;
  for (size_t I = 0; I < B.size(); ++I) {
    if (auto It = Memo.find(B[I]->Key); It != Memo.end()) {
      Out[I] = It->second;
      continue;
    }
    Requests.push_back(B[I]->Payload.substr(B[I]->Payload.find('\n') + 1));
    Index.push_back(I);
  }
  std::vector<JobResult> Jobs = Box->runAll(Requests);
  for (size_t J = 0; J < Jobs.size(); ++J) {
    const Prepared &P = *B[Index[J]];
    Evaluation &E = Out[Index[J]];
    switch (Jobs[J].K) {
    case JobResult::Done:
      try {
        E = evaluationOf(P, Jobs[J].Reply, Jobs[J].Seconds);
      } catch (const json::exception &X) {
        E = failed(Status::Crash, "unknown_error",
                   std::string("malformed reply from the worker: ") + X.what());
        break;
      }
      if (Opts.Metric != "time")
        Memo.emplace(P.Key, E);
      break;
    case JobResult::TimedOut:
      E = failed(Status::Timeout, "run_timeout", describeJob(Jobs[J]), Jobs[J].Seconds);
      break;
    case JobResult::OutOfMemory:
      E = failed(Status::OutOfMemory, "runtime_device", describeJob(Jobs[J]),
                 Jobs[J].Seconds);
      break;
    case JobResult::Crashed:
      E = failed(Status::Crash, "runtime_device", describeJob(Jobs[J]), Jobs[J].Seconds);
      break;
    default:
      E = failed(Status::Crash, "unknown_error", describeJob(Jobs[J]), Jobs[J].Seconds);
    }
  }
  return Out;
}

} // namespace gevo::evolve::tune
