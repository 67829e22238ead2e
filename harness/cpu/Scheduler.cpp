//===- Scheduler.cpp - Run the threads of one block -----------------------===//

#include "Scheduler.h"
#include "StackPool.h"
#include "Warp.h"

#include "gevo/harness/Poison.h"
#include "gevo/support/EnumNames.h"

#include <memory>

namespace ctx = boost::context;

namespace gevo::cpu {

void LaunchState::fault(uint64_t BlockLinear, Status S, std::string Message,
                        std::string Uid, std::string OtherUid) {
  std::lock_guard Guard(Lock);
  if (BlockLinear >= FaultBlock)
    return;
  FaultBlock = BlockLinear;
  Fault.S = S;
  Fault.Message = std::move(Message);
  Fault.FaultUid = std::move(Uid);
  Fault.OtherUid = std::move(OtherUid);
}

LaunchResult LaunchState::result() {
  std::lock_guard Guard(Lock);
  LaunchResult R = Fault;
  R.ModeledCost = Cost;
  return R;
}

const CheckedRange *findRange(llvm::ArrayRef<CheckedRange> Ranges,
                              uintptr_t Addr, uint64_t Bytes) {
  auto It = std::upper_bound(
      Ranges.begin(), Ranges.end(), Addr,
      [](uintptr_t A, const CheckedRange &R) { return A < R.Lo; });
  if (It == Ranges.begin())
    return nullptr;
  --It;
  uintptr_t Off = Addr - It->Lo;
  return Off <= It->Len && Bytes <= It->Len - Off ? &*It : nullptr;
}

namespace {

std::string faultMessage(uint32_t Code) {
  static constexpr EnumName<Status> Messages[] = {
      {Status::OobRead, "out-of-bounds read"},
      {Status::OobWrite, "out-of-bounds write"},
      {Status::Timeout, "step budget exhausted"},
      {Status::ArithTrap, "integer division by zero or overflow"},
      {Status::Misaligned, "misaligned address: an access whose address is "
                           "not a multiple of its size (a GPU faults on it)"},
      // the local-memory check (LocalChecks.cpp)
      {Status::Uninitialized, "(local memory): the load reads bytes of the "
                              "thread's local memory that it has not written"}};
  if (Code & TextureFault)
    return textureFaultMessage(Code);
  if (Code == TrapFault)
    return "the kernel trapped: __trap(), a failed assert(), a trap "
           "instruction or unreachable code was reached";
  return nameOf(Messages, Status(Code),
                "stack overflow: recursion too deep or alloca too large");
}

/// A larger budget is this one: the cost counters (nuw adds) can then never
/// wrap, and it is centuries of work.
constexpr uint64_t MaxBudget = uint64_t(1) << 62;
/// What a thread may spend between two reports to the launch (about a
/// millisecond of work): the launch's budget is overrun by at most this
/// much per thread.
constexpr uint64_t CostGrant = uint64_t(1) << 20;

bool inside(uintptr_t Addr, uint64_t Bytes, uintptr_t Lo, uintptr_t Len) {
  uintptr_t Off = Addr - Lo;
  return Off <= Len && Bytes <= Len - Off;
}

} // namespace

BlockRun::BlockRun(LaunchState &L, char *Shared)
    : L(L), Threads(L.UseFibers ? L.Config.Block.size() : 1),
      Waits(Threads.size()), Caches(Threads.size() * L.CheckSites) {
  if (L.Race)
    Race.emplace(*L.Race, Threads.size(), L.UseFibers, Shared, L.SharedBytes);
  if (L.Perf)
    Tracer.emplace(*L.Perf, L.Config.Block.size(), L.UseFibers, Shared,
                   L.SharedBytes, L.Ranges);
  const Dim3 &B = L.Config.Block, &G = L.Config.Grid;
  auto Workspace = uint64_t(reinterpret_cast<uintptr_t>(L.Workspace));
  for (unsigned I = 0; I < Threads.size(); ++I) {
    ThreadContext &T = Threads[I];
    uint32_t Sregs[NumSregs] = {I % B.X, I / B.X % B.Y, I / B.X / B.Y,
                                B.X,     B.Y,           B.Z,
                                0,       0,             0,
                                G.X,     G.Y,           G.Z,
                                WarpWidth, I % WarpWidth,
                                uint32_t(Workspace >> 32), uint32_t(Workspace)};
    std::copy(std::begin(Sregs), std::end(Sregs), T.Sreg);
    T.Shared = Shared;
    T.ThreadBudget = std::min(L.ThreadCostLimit, MaxBudget);
    T.Grant = std::min(CostGrant, T.ThreadBudget);
    T.Checks = Caches.data() + I * L.CheckSites;
    T.StackTop = nullptr;
    T.Block = this;
    T.Linear = T.Tid = I;
    T.PerfBase = Tracer ? Tracer->counts(0) : nullptr;
    T.PerfCounts = Tracer ? Tracer->counts(I) : nullptr;
    T.Tracing = 0;
  }
}

/// Makes every thread a fresh thread of block \p Linear.
void BlockRun::reset(uint64_t Linear) {
  BlockLinear = Linear;
  const Dim3 &G = L.Config.Grid;
  uint32_t Ctaid[3] = {uint32_t(Linear % G.X), uint32_t(Linear / G.X % G.Y),
                       uint32_t(Linear / G.X / G.Y)};
  for (ThreadContext &T : Threads) {
    std::copy(std::begin(Ctaid), std::end(Ctaid), T.Sreg + CtaidX);
    T.Aborted = 0;
    T.FaultCode = 0;
    T.FaultUid = nullptr;
    T.Cost = T.ThreadStart = T.Reported = 0;
    T.CostLimit = T.Grant;
  }
  std::fill(Waits.begin(), Waits.end(), Wait());
  for (std::vector<PendingCopy> &P : Pending)
    P.clear();
  std::fill(Committed.begin(), Committed.end(), 0);
  Aborting = false;
  Finished = 0;
  if (Race)
    Race->startBlock(Linear);
  if (Tracer) {
    Tracer->start(std::binary_search(L.Traced.begin(), L.Traced.end(), Linear));
    for (ThreadContext &T : Threads)
      T.Tracing = Tracer->tracing();
  }
}

void BlockRun::run(uint64_t Linear) {
  start(Linear);
  if (L.UseFibers)
    while (!step()) {
    }
  else
    runBlockFunction();
  finish();
}

void BlockRun::start(uint64_t Linear) {
  reset(Linear);
  if (L.UseFibers)
    startFibers();
}

void BlockRun::finish() {
  setCurrentThread(nullptr);
  if (Tracer && Tracer->tracing())
    L.Trace.add(BlockLinear, Tracer->finish());
  uint64_t Rest = 0;
  for (const ThreadContext &T : Threads)
    Rest += T.Cost - std::min(T.Cost, T.Reported);
  if (!L.charge(Rest))
    L.fault(BlockLinear, Status::Timeout,
            faultMessage(uint32_t(Status::Timeout)));
}

/// Runs \p T's entry from the current stack frame on. The check caches
/// stay valid for the launch while the stack stays where it was.
void BlockRun::startThread(ThreadContext &T) {
  auto *Top = static_cast<char *>(__builtin_frame_address(0));
  if (Top != T.StackTop)
    std::fill_n(T.Checks, L.CheckSites, CheckCache());
  T.StackTop = Top;
  T.StackLimit = T.StackTop - KernelStackBytes;
  setCurrentThread(&T);
  L.Entry(L.Args);
}

/// Picks up the fault of a thread that returned or waits.
void BlockRun::finishThread(ThreadContext &T) {
  if (!T.FaultCode)
    return;
  uint32_t Code = T.FaultCode;
  Status S = Code == TrapFault       ? Status::Crash
             : Code & TextureFault ? Status(Code & 15)
                                   : Status(Code);
  T.FaultCode = 0;
  bool Shadowed = RaceThread == &T;
  RaceThread = nullptr;
  if (Shadowed)
    L.fault(BlockLinear, S, RaceFound.Message, T.FaultUid ? T.FaultUid : "",
            RaceFound.OtherUid ? RaceFound.OtherUid : "");
  else
    L.fault(BlockLinear, S, faultMessage(Code), T.FaultUid ? T.FaultUid : "");
  abortAll();
}

void BlockRun::runBlockFunction() {
  startThread(Threads.front());
  finishThread(Threads.front());
}

void BlockRun::startFibers() {
  Fibers.resize(Threads.size());
  Returns.resize(Threads.size());
  for (unsigned I = 0; I < Threads.size(); ++I)
    Fibers[I] = ctx::fiber(std::allocator_arg, PooledStack(),
                           [this, I](ctx::fiber &&Scheduler) {
                             Returns[I] = std::move(Scheduler);
                             startThread(Threads[I]);
                             Waits[I].S = State::Done;
                             return std::move(Returns[I]);
                           });
}

bool BlockRun::step() {
  bool Moved = false; // a thread stopped other than at a spin
  for (unsigned K = 0; K < Threads.size(); ++K) {
    unsigned I = L.Reverse ? Threads.size() - 1 - K : K;
    if (Waits[I].S != State::Ready)
      continue;
    setCurrentThread(&Threads[I]);
    Fibers[I] = std::move(Fibers[I]).resume();
    finishThread(Threads[I]);
    Moved |= Waits[I].S != State::Yielded;
    Finished += Waits[I].S == State::Done;
  }
  if (Finished == Threads.size())
    return true;
  if (L.stopped(BlockLinear))
    abortAll();
  bool Spinning = false;
  for (Wait &W : Waits)
    if (W.S == State::Yielded) {
      W.S = State::Ready;
      Spinning = true;
    }
  Mismatch.clear();
  bool Released = !Aborting && release();
  if (!Aborting && !Released && !Spinning)
    divergent(!Mismatch.empty()
                  ? Mismatch
                  : "threads of a block wait at a block barrier and at a "
                    "warp operation that can never complete");
  OnlySpun = !Moved && !Released;
  return false;
}

/// Rounds in which every thread of a cooperative launch only spins, after
/// which nothing will change: the launch times out at once instead of
/// spending every thread's step budget on spins.
constexpr unsigned MaxSpinRounds = 1 << 14;

void runCooperative(LaunchState &L) {
  uint64_t Blocks = L.Config.Grid.size();
  size_t Stride = (L.SharedBytes + SharedArenaAlign - 1) & ~(SharedArenaAlign - 1);
  std::vector<char> Storage(Stride * Blocks + SharedArenaAlign);
  char *Base = Storage.data() + (-reinterpret_cast<uintptr_t>(Storage.data()) &
                                 (SharedArenaAlign - 1));
  std::vector<std::unique_ptr<BlockRun>> Runs;
  for (uint64_t K = 0; K < Blocks; ++K) {
    uint64_t B = L.Reverse ? Blocks - 1 - K : K;
    char *Arena = Base + B * Stride;
    fillPoison(reinterpret_cast<uint8_t *>(Arena), L.SharedBytes);
    Runs.push_back(std::make_unique<BlockRun>(L, Arena));
    Runs.back()->start(B);
  }
  unsigned SpinRounds = 0;
  for (uint64_t Left = Blocks; Left;) {
    bool Progress = false;
    const BlockRun *First = nullptr; // the lowest block still running
    for (std::unique_ptr<BlockRun> &R : Runs) {
      if (!R)
        continue;
      if (R->step()) {
        R->finish();
        R.reset();
        --Left;
        Progress = true;
        continue;
      }
      Progress |= !R->onlySpun();
      if (!First || R->block() < First->block())
        First = R.get();
    }
    SpinRounds = Progress ? 0 : SpinRounds + 1;
    if (SpinRounds == MaxSpinRounds)
      L.fault(First->block(), Status::Timeout,
              "every thread of the cooperative launch spins on memory no "
              "thread changes any more (a grid barrier some block never "
              "reaches?)");
  }
}

uint32_t BlockRun::suspend(ThreadContext &T) {
  Returns[T.Linear] = std::move(Returns[T.Linear]).resume();
  return T.Aborted ? 0 : Waits[T.Linear].Result;
}

uint32_t BlockRun::barrier(ThreadContext &T, unsigned Site, BarrierOp Op,
                           uint32_t Pred) {
  Wait &W = Waits[T.Linear];
  W.S = State::AtBarrier;
  W.Site = Site;
  W.Op = Op;
  W.Value = Pred;
  return suspend(T);
}

uint32_t BlockRun::warpOp(ThreadContext &T, const WarpRequest &R) {
  Wait &W = Waits[T.Linear];
  W.S = State::AtWarp;
  W.Warp = R;
  return suspend(T);
}

void BlockRun::yield(ThreadContext &T) {
  Waits[T.Linear].S = State::Yielded;
  suspend(T);
}

uint64_t BlockRun::grant(ThreadContext &T, uint64_t Cost, uint64_t Start) {
  bool Spent = Cost - Start > T.ThreadBudget;
  Spent |= !L.charge(Cost - std::min(Cost, T.Reported));
  T.Reported = Cost;
  if (!Spent)
    return std::min(Cost + CostGrant, Start + T.ThreadBudget);
  T.fault(Status::Timeout, nullptr);
  return 0;
}

std::optional<AccessRange> BlockRun::findRange(ThreadContext &T,
                                               uintptr_t Addr, uint64_t Bytes,
                                               bool IsWrite) const {
  auto Stack = reinterpret_cast<uintptr_t>(T.StackLimit);
  auto Shared = reinterpret_cast<uintptr_t>(T.Shared);
  for (AccessRange R : {AccessRange{Stack, uintptr_t(T.StackTop - T.StackLimit)},
                        AccessRange{Shared, L.SharedBytes}})
    if (inside(Addr, Bytes, R.Lo, R.Len))
      return R;
  const CheckedRange *R = cpu::findRange(L.Ranges, Addr, Bytes);
  if (!R || (IsWrite && !R->Writable))
    return std::nullopt;
  return AccessRange{R->Lo, R->Len};
}

uint32_t BlockRun::raceFound(ThreadContext &T, const char *Uid) {
  RaceFound = std::move(Race->fault());
  RaceThread = &T;
  T.fault(RaceFound.S, Uid);
  return 1;
}

bool BlockRun::release() { return releaseWarps() || releaseBarrier(); }

bool BlockRun::releaseWarps() {
  bool Progress = false;
  for (unsigned I = 0; I < Waits.size() && !Aborting; ++I)
    if (Waits[I].S == State::AtWarp && !isActiveMask(Waits[I].Warp))
      Progress |= releaseWarpGroup(I);
  // An activemask's lanes are those at its site once nothing else can move
  // (as a GPU's converged lanes reach it together).
  for (unsigned I = 0; I < Waits.size() && !Aborting && !Progress; ++I)
    if (Waits[I].S == State::AtWarp && isActiveMask(Waits[I].Warp))
      Progress |= releaseWarpGroup(I);
  return Progress;
}

/// "a shuffle (mode 2) over lanes 0x0000ffff", for divergence messages.
std::string BlockRun::warpOpName(const WarpRequest &R) {
  static const char *const Kinds[] = {"a shuffle", "a vote", "__syncwarp",
                                      "a matrix operation"};
  char Mask[16];
  snprintf(Mask, sizeof Mask, "0x%08x", R.Mask);
  return std::string(R.Kind < 4 ? Kinds[R.Kind] : "a warp operation") +
         " (mode " + std::to_string(R.Mode) + ") over lanes " + Mask;
}

bool BlockRun::isActiveMask(const WarpRequest &R) {
  return R.Kind == 1 && R.Mode == unsigned(VoteMode::ActiveMask);
}

/// Completes the warp operation thread I waits at, if every lane of its mask
/// waits at the same operation (for activemask: the lanes at its site).
bool BlockRun::releaseWarpGroup(unsigned I) {
  unsigned Base = I / WarpWidth * WarpWidth;
  const WarpRequest &R = Waits[I].Warp;
  bool Active = isActiveMask(R);
  uint32_t Mask = Active ? 0 : R.Mask | (1u << (I - Base));
  for (unsigned Lane = 0; Active && Lane < WarpWidth; ++Lane) {
    unsigned J = Base + Lane;
    if (J < Waits.size() && Waits[J].S == State::AtWarp &&
        isActiveMask(Waits[J].Warp) && Waits[J].Warp.Mask == R.Mask)
      Mask |= 1u << Lane;
  }
  WarpLanes Lanes;
  for (unsigned Lane = 0; Lane < WarpWidth; ++Lane) {
    if (!(Mask >> Lane & 1))
      continue;
    unsigned J = Base + Lane;
    if (J >= Waits.size() || Waits[J].S == State::Done) {
      divergent("a warp operation waits for lane " + std::to_string(Lane) +
                ", which has exited");
      return false;
    }
    if (Waits[J].S != State::AtWarp)
      return false;
    const WarpRequest &Other = Waits[J].Warp;
    if (Other.Kind != R.Kind || Other.Mode != R.Mode || Other.Mask != R.Mask) {
      // Lane J may yet complete its own operation (with other lanes) and
      // come here, as on a GPU: divergent only if nothing moves.
      if (Mismatch.empty())
        Mismatch = "lanes of a warp wait at different warp operations (lane " +
                   std::to_string(I - Base) + " at " + warpOpName(R) +
                   ", lane " + std::to_string(Lane) + " at " +
                   warpOpName(Other) + ")";
      return false;
    }
    Lanes.Values[Lane] = Other.Value;
    Lanes.B[Lane] = Other.B;
    Lanes.C[Lane] = Other.C;
    Lanes.Payload[Lane] = Other.Payload;
  }
  Lanes.Mask = Mask;
  // activemask orders nothing, nor do matrix operations (a GPU's do not
  // promise it).
  if (Race && !Active && R.Kind != WarpMatrix)
    Race->warpSync(Base, Mask);
  for (unsigned Lane = 0; Lane < WarpWidth; ++Lane) {
    if (!(Mask >> Lane & 1))
      continue;
    Wait &W = Waits[Base + Lane];
    W.Result = computeWarpOp(R.Kind, R.Mode, Lanes, Lane);
    W.S = State::Ready;
  }
  return true;
}

bool BlockRun::releaseBarrier() {
  const Wait *First = nullptr;
  uint32_t And = 1, Or = 0, Popc = 0;
  for (const Wait &W : Waits) {
    if (W.S == State::Done)
      continue;
    if (W.S != State::AtBarrier)
      return false;
    if (First && (W.Site != First->Site || W.Op != First->Op)) {
      divergent("threads of a block wait at different barriers (sites " +
                std::to_string(First->Site) + " and " +
                std::to_string(W.Site) + ")");
      return false;
    }
    First = First ? First : &W;
    And &= W.Value != 0;
    Or |= W.Value != 0;
    Popc += W.Value != 0;
  }
  if (First && Race)
    Race->barrier();
  if (First && Tracer)
    Tracer->barrier();
  uint32_t Results[] = {0, And, Or, Popc};
  for (Wait &W : Waits) {
    if (W.S == State::Done)
      continue;
    W.Result = Results[unsigned(W.Op)];
    W.S = State::Ready;
  }
  return First != nullptr;
}

void BlockRun::divergent(std::string Message) {
  L.fault(BlockLinear, Status::DivergentBarrier, std::move(Message));
  abortAll();
}

/// Lets every waiting thread return from its runtime call with Aborted set;
/// the retargeted code then returns at once, so every fiber finishes.
void BlockRun::abortAll() {
  Aborting = true;
  for (unsigned I = 0; I < Threads.size(); ++I) {
    Threads[I].Aborted = 1;
    if (Waits[I].S != State::Done)
      Waits[I].S = State::Ready;
  }
}

} // namespace gevo::cpu
