//===- Program.cpp - Load and launch kernels on the host ------------------===//

#include "gevo/harness/cpu/Program.h"

#include "Jit.h"
#include "Retarget.h"
#include "Scheduler.h"

#include "gevo/harness/Poison.h"
#include "gevo/harness/cpu/Memory.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <chrono>
#include <cstring>

using namespace llvm;

namespace gevo::cpu {

struct Program::Impl {
  struct Kernel {
    KernelEntry Entry;
    KernelInfo Info;
  };
  std::unique_ptr<Jit> J;
  StringMap<Kernel> Kernels;
  StringMap<uint64_t> GlobalBytes;
  StringMap<std::pair<uint64_t, bool>> LocalGlobals; ///< RetargetInfo's
  std::vector<CheckedRange> GlobalRanges; ///< Sorted by address.
  uint64_t ThreadCostLimit = 0, LaunchCostLimit = 0;
  bool ParallelBlocks = true;
  bool Reverse = false;
  LaunchRace RaceConfig; ///< What each launch's judge checks.
  StringSet<> AllowedRaces;
  unsigned StaticSharedBytes = 0;
  unsigned CheckSites = 0;
  Program::LoadStages Stages;
  std::optional<GpuSpec> Gpu; ///< The performance model's, if any.
  std::vector<BlockShape> Shapes;
  unsigned TracedBlocks = 0;
  bool TracedBlocksOnly = false;
  /// ReadOnlyArgsVar: per argument number, the [Lo, Hi) its reads may skip
  /// the race checks in; null when no kernel reads through such an argument.
  uint64_t *ReadOnlyTable = nullptr;

  Error collectGlobalRanges(const StringSet<> &ReadOnly) {
    auto Add = [&](StringRef Name, uint64_t Bytes, bool Writable) -> Error {
      auto Address = J->lookup(Name);
      if (!Address)
        return Address.takeError();
      GlobalRanges.push_back(
          {reinterpret_cast<uintptr_t>(*Address), Bytes, Writable});
      return Error::success();
    };
    for (auto &[Name, Bytes] : GlobalBytes)
      if (Error E = Add(Name, Bytes, !ReadOnly.contains(Name)))
        return E;
    for (auto &[Name, Local] : LocalGlobals)
      if (Error E = Add(Name, Local.first, Local.second))
        return E;
    llvm::sort(GlobalRanges, [](const CheckedRange &A, const CheckedRange &B) {
      return A.Lo < B.Lo;
    });
    return Error::success();
  }

  /// Publishes the buffers of \p K's read-only arguments (KernelInfo) for
  /// this launch: each one no written argument points into.
  void publishReadOnlyArgs(const KernelInfo &K, ArrayRef<void *> Args,
                           ArrayRef<CheckedRange> Ranges) const {
    if (!ReadOnlyTable)
      return;
    std::fill(ReadOnlyTable, ReadOnlyTable + 128, 0);
    auto BufferOf = [&](unsigned I) -> const CheckedRange * {
      uintptr_t Ptr;
      std::memcpy(&Ptr, Args[I], sizeof(Ptr));
      return findRange(Ranges, Ptr, 1);
    };
    SmallVector<const CheckedRange *, 8> Written;
    for (unsigned J = 0; J < 64 && J < Args.size(); ++J)
      if (K.WrittenArgs >> J & 1)
        Written.push_back(BufferOf(J));
    for (unsigned I = 0; I < 64 && I < Args.size(); ++I) {
      if (!(K.ReadOnlyArgs >> I & 1))
        continue;
      const CheckedRange *R = BufferOf(I);
      if (R && !is_contained(Written, R)) {
        ReadOnlyTable[2 * I] = R->Lo;
        ReadOnlyTable[2 * I + 1] = R->Lo + R->Len;
      }
    }
  }

  /// Device buffers and module globals, for this launch's checks.
  std::vector<CheckedRange> launchRanges() const {
    std::vector<CheckedRange> Ranges = GlobalRanges;
    forEachDeviceBuffer([&](const void *Start, size_t Bytes) {
      Ranges.push_back({reinterpret_cast<uintptr_t>(Start), Bytes, true});
    });
    llvm::sort(Ranges, [](const CheckedRange &A, const CheckedRange &B) {
      return A.Lo < B.Lo;
    });
    return Ranges;
  }
};

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point Start) {
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

Error launchError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// A copy of \p M in a new context, through bitcode.
Expected<std::unique_ptr<Module>> cloneInto(const Module &M, LLVMContext &C) {
  SmallVector<char, 0> Buffer;
  raw_svector_ostream OS(Buffer);
  WriteBitcodeToFile(M, OS);
  return parseBitcodeFile(
      MemoryBufferRef(StringRef(Buffer.data(), Buffer.size()), "gevo-cpu"), C);
}

Error checkConfig(const LaunchConfig &C) {
  for (const Dim3 *D : {&C.Grid, &C.Block})
    if (D->size() == 0)
      return launchError("launch with zero threads (grid " +
                         Twine(C.Grid.size()) + " blocks of " +
                         Twine(C.Block.size()) + " threads)");
  if (C.Block.size() > 1024)
    return launchError("block of " + Twine(C.Block.size()) +
                       " threads; at most 1024");
  if (C.Cooperative && C.Grid.size() * C.Block.size() > MaxCooperativeThreads)
    return launchError("a cooperative launch of " +
                       Twine(C.Grid.size() * C.Block.size()) +
                       " threads; the cpu target runs at most " +
                       Twine(MaxCooperativeThreads) + " at once");
  return Error::success();
}

/// Retargets \p M (NVPTX IR) to the host in place: what it found.
Expected<RetargetInfo> retargetInPlace(Module &M, const Options &Opts) {
  StringRef Triple = M.getTargetTriple();
  if (!Triple.starts_with("nvptx"))
    return launchError("module " + M.getModuleIdentifier() +
                       " is not NVPTX IR (target triple '" + Triple + "')");
  auto Host = hostTarget();
  if (!Host)
    return Host.takeError();
  // Line tables (gevo-cc's default) name edits' source lines for the user;
  // the host code needs none, and codegen would spend time on DWARF.
  StripDebugInfo(M);
  return retarget(M, Host->Triple, Host->DL,
                  {Opts.Checks, Opts.RaceChecks || Opts.InitChecks,
                   Opts.InitChecks, Opts.Gpu ? &*Opts.Gpu : nullptr,
                   Opts.OptLevel < 2});
}

} // namespace

Program::Program(std::unique_ptr<Impl> P) : P(std::move(P)) {}
Program::~Program() = default;

Expected<std::string> Program::hostIR(const Module &NVPTXModule,
                                      const Options &Opts) {
  LLVMContext Ctx;
  auto M = cloneInto(NVPTXModule, Ctx);
  if (!M)
    return M.takeError();
  if (auto Found = retargetInPlace(**M, Opts); !Found)
    return Found.takeError();
  std::string Text;
  raw_string_ostream(Text) << **M;
  return Text;
}

Expected<std::unique_ptr<Program>> Program::load(const Module &NVPTXModule,
                                                 const Options &Opts) {
  auto Start = Clock::now();
  auto Ctx = std::make_unique<LLVMContext>();
  auto M = cloneInto(NVPTXModule, *Ctx);
  if (!M)
    return M.takeError();
  double Copy = secondsSince(Start);
  auto P = load(std::move(*M), std::move(Ctx), Opts);
  if (P)
    (*P)->P->Stages.Copy = Copy;
  return P;
}

Expected<std::unique_ptr<Program>>
Program::load(std::unique_ptr<Module> M, std::unique_ptr<LLVMContext> Ctx,
              const Options &Opts) {
  auto Start = Clock::now();
  auto P = std::make_unique<Impl>();
  auto Found = retargetInPlace(*M, Opts);
  if (!Found)
    return Found.takeError();
  RetargetInfo Info = std::move(*Found);
  P->Stages.Retarget = secondsSince(Start);
  auto Codegen = Clock::now();
  auto J = Jit::create(std::move(M), std::move(Ctx), Opts.OptLevel);
  if (!J)
    return J.takeError();
  P->Stages.Optimise = (*J)->optimiseSeconds();
  for (auto &[Name, KI] : Info.Kernels) {
    if (auto It = Opts.Registers.find(Name.str()); It != Opts.Registers.end())
      KI.Registers = It->second;
    auto Entry = (*J)->lookup(KI.EntryName);
    if (!Entry)
      return Entry.takeError();
    P->Kernels[Name] = {reinterpret_cast<KernelEntry>(*Entry), KI};
  }
  P->J = std::move(*J);
  P->StaticSharedBytes = Info.StaticSharedBytes;
  P->CheckSites = Info.CheckSites;
  P->GlobalBytes = std::move(Info.GlobalBytes);
  P->LocalGlobals = std::move(Info.LocalGlobals);
  P->ThreadCostLimit = Opts.ThreadCostLimit;
  P->LaunchCostLimit = Opts.LaunchCostLimit;
  P->ParallelBlocks = Opts.ParallelBlocks;
  P->AllowedRaces.insert(Opts.AllowedRaces.begin(), Opts.AllowedRaces.end());
  P->RaceConfig.Model = Opts.Model;
  P->RaceConfig.Races = Opts.RaceChecks;
  P->RaceConfig.Inits = Opts.InitChecks;
  P->RaceConfig.Allowed = &P->AllowedRaces;
  P->RaceConfig.ReservedLo = Info.ReservedSharedLo;
  P->RaceConfig.ReservedHi = Info.ReservedSharedHi;
  P->Gpu = Opts.Gpu;
  P->Shapes = std::move(Info.Shapes);
  P->TracedBlocks = std::max(1u, Opts.TracedBlocks);
  P->TracedBlocksOnly = Opts.TracedBlocksOnly;
  if (Error E = P->collectGlobalRanges(Info.ReadOnlyGlobals))
    return E;
  if (auto Table = P->J->lookup(ReadOnlyArgsVar))
    P->ReadOnlyTable = static_cast<uint64_t *>(*Table);
  else
    consumeError(Table.takeError());
  P->Stages.Codegen = secondsSince(Codegen) - P->Stages.Optimise;
  return std::unique_ptr<Program>(new Program(std::move(P)));
}

Expected<LaunchResult> Program::launch(StringRef Kernel,
                                       const LaunchConfig &Config,
                                       ArrayRef<void *> Args) {
  auto It = P->Kernels.find(Kernel);
  if (It == P->Kernels.end())
    return launchError("no kernel named '" + Kernel + "'");
  const Impl::Kernel &K = It->second;
  if (Args.size() != K.Info.NumParams)
    return launchError("kernel '" + Kernel + "' takes " +
                       Twine(K.Info.NumParams) + " arguments, got " +
                       Twine(Args.size()));
  if (Error E = checkConfig(Config))
    return E;
  LaunchState L;
  L.Entry = K.Entry;
  L.Args = const_cast<void **>(Args.data());
  L.Config = Config;
  L.SharedBytes = P->StaticSharedBytes + Config.DynamicSharedBytes;
  L.UseFibers = !K.Info.RunsBlock;
  L.CheckSites = P->CheckSites;
  L.ThreadCostLimit = P->ThreadCostLimit;
  L.LaunchCostLimit = P->LaunchCostLimit;
  L.Ranges = P->launchRanges();
  L.Reverse = P->Reverse;
  // A cooperative launch's grid workspace, as the driver gives it: its
  // size, then the grid barrier's word.
  alignas(16) uint32_t Workspace[2] = {sizeof(Workspace), 0};
  if (Config.Cooperative) {
    L.Cooperative = true;
    L.Workspace = Workspace;
    CheckedRange W{reinterpret_cast<uintptr_t>(Workspace), sizeof(Workspace),
                   true};
    L.Ranges.insert(llvm::upper_bound(L.Ranges, W.Lo,
                                      [](uintptr_t A, const CheckedRange &R) {
                                        return A < R.Lo;
                                      }),
                    W);
  }
  LaunchRace Race = P->RaceConfig;
  GridRace Grid;
  std::unique_lock<std::mutex> Shadow;
  if (Race.Races || Race.Inits) {
    GlobalShadow &G = GlobalShadow::get();
    Shadow = std::unique_lock(G.Lock);
    G.newGeneration();
    L.Race = &Race;
    if (Config.Cooperative)
      Race.Grid = &Grid;
    P->publishReadOnlyArgs(K.Info, Args, L.Ranges);
  }
  PerfSetup Perf;
  if (P->Gpu) {
    Perf = {&*P->Gpu, &P->Shapes, K.Info.Registers, K.Info.SharedBytes};
    L.Perf = &Perf;
    // The reverse schedule is for the judge's cross-check of outputs
    // alone: no block is traced, no time predicted.
    if (!P->Reverse)
      L.Traced = tracedBlocks(Config.Grid.size(), P->TracedBlocks);
  }
  // Runs the blocks at [Begin, End) of the grid, or of the traced ones,
  // with one shared-memory arena.
  bool OnlyTraced = L.Perf && P->TracedBlocksOnly && !P->Reverse &&
                    !L.Cooperative; // (every block must reach a grid.sync)
  auto RunBlocks = [&](uint64_t Begin, uint64_t End) {
    std::vector<char> Storage(L.SharedBytes + SharedArenaAlign);
    char *Arena = Storage.data() +
                  (-reinterpret_cast<uintptr_t>(Storage.data()) &
                   (SharedArenaAlign - 1));
    BlockRun Run(L, Arena);
    for (uint64_t K = Begin; K != End; ++K) {
      uint64_t I = L.Reverse ? End - 1 - (K - Begin) : K;
      uint64_t B = OnlyTraced ? L.Traced[I] : I;
      if (L.stopped(B))
        return;
      fillPoison(reinterpret_cast<uint8_t *>(Arena), L.SharedBytes);
      Run.run(B);
    }
  };
  uint64_t Blocks = OnlyTraced ? L.Traced.size() : Config.Grid.size();
  auto Start = Clock::now();
  if (L.Cooperative && L.UseFibers)
    runCooperative(L);
  else if (P->ParallelBlocks && !L.Race)
    tbb::parallel_for(tbb::blocked_range<uint64_t>(0, Blocks),
                      [&](const tbb::blocked_range<uint64_t> &Range) {
                        RunBlocks(Range.begin(), Range.end());
                      });
  else
    RunBlocks(0, Blocks);
  LaunchResult R = L.result();
  R.Seconds = secondsSince(Start);
  if (OnlyTraced) // what the whole grid would have counted
    R.ModeledCost = R.ModeledCost * Config.Grid.size() / L.Traced.size();
  BlockTotals Mean;
  if (L.Perf && R.S == Status::Ok && L.Trace.mean(Mean)) {
    R.Perf = predictLaunch(Perf, Config, Mean, L.Ranges);
    R.Perf.TracedBlocks = L.Traced.size();
    R.ModeledSeconds = R.Perf.Seconds;
  }
  return R;
}

Expected<void *> Program::getSymbol(StringRef Name) {
  if (!P->GlobalBytes.count(Name))
    return launchError("no __device__ or __constant__ variable named '" +
                       Name + "'");
  return P->J->lookup(Name);
}

Error Program::setConstant(StringRef Name, ArrayRef<char> Bytes) {
  auto Address = getSymbol(Name);
  if (!Address)
    return Address.takeError();
  if (Bytes.size() > P->GlobalBytes.lookup(Name))
    return launchError("setConstant: " + Twine(Bytes.size()) +
                       " bytes into '" + Name + "' of " +
                       Twine(P->GlobalBytes.lookup(Name)) + " bytes");
  std::memcpy(*Address, Bytes.data(), Bytes.size());
  return Error::success();
}

double Program::jitSeconds() const {
  const LoadStages &S = P->Stages;
  return S.Copy + S.Retarget + S.Optimise + S.Codegen;
}

const Program::LoadStages &Program::loadStages() const { return P->Stages; }

void Program::setReverseSchedule(bool Reverse) { P->Reverse = Reverse; }

} // namespace gevo::cpu
