//===- Instrument.h - Instrumenting one function ------------------*- C++ -*-===//
//
// What instrument() (Retarget.h) does to each defined function, shared by
// Instrument.cpp (cost, step budget, stack, division, the function's
// locals and exits), MemoryChecks.cpp (memory accesses), RaceChecks.cpp
// (shared and global accesses, for the race checks) and ThreadLoopChecks.cpp
// (checks hoisted out of a block function's x loop).
//
// The thread's cost, cost limit and start live in locals (promoted to
// registers by the optimiser): loaded from the context at entry, stored
// before each call into the module (cost and limit reloaded after), stored
// at each return. Past the limit, the runtime grants more or times out. Each memory
// check site keeps the range it last accepted in its CheckCache, in the
// context's array.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_INSTRUMENT_H
#define GEVO_HARNESS_CPU_INSTRUMENT_H

#include "Retarget.h"

#include "gevo/harness/Status.h"

#include <optional>

namespace gevo::cpu {

/// What the functions of one module share.
struct InstrumentState {
  RetargetOptions Opts;
  unsigned StaticSharedBytes = 0;
  const llvm::StringSet<> *ReadOnly = nullptr; ///< Read-only globals.
  /// Each kernel's entry function and its KernelInfo (argument use).
  const llvm::DenseMap<llvm::Function *, KernelInfo *> *Entries = nullptr;
  unsigned Sites = 0;                      ///< Memory-check sites so far.
  unsigned RaceSites = 0;                  ///< Race-check sites so far.
  unsigned NumShapes = 0; ///< Basic-block counters per thread (Perf.h).
};

/// How check code calls the runtime's \p Runtime entry: through a thunk
/// that preserves the caller's registers where the backend can
/// (preserve_most), so a hot loop around a check keeps its values in them;
/// with the C convention for the fast instruction selector
/// (RetargetOptions::FastIsel), which has no other.
llvm::FunctionCallee runtimeThunk(llvm::Module &M, ContextAccess &Ctx,
                                  llvm::StringRef Runtime,
                                  const RetargetOptions &Opts);
llvm::CallingConv::ID thunkConv(const llvm::Module &M,
                                const RetargetOptions &Opts);

/// An instruction using a local's address, and the pointer (derived from
/// the local) it uses (LocalChecks.cpp).
struct LocalUse {
  llvm::Instruction *I;
  llvm::Value *Ptr;
};

class FunctionInstrumenter {
public:
  FunctionInstrumenter(llvm::Function &F, ContextAccess &Ctx,
                       InstrumentState &S);
  void run();

private:
  // Instrument.cpp
  llvm::SmallVector<llvm::AllocaInst *> placeAllocas();
  void createLocals(llvm::IRBuilder<> &Init, bool Checks);
  void lowerMarkers();
  void spillAroundCalls();
  void checkBudget(llvm::Instruction *Before);
  void checkStackAtEntry();
  void checkDynamicAlloca(llvm::AllocaInst &AI);
  void checkDivision(llvm::BinaryOperator &Div);
  void storeAtReturns(llvm::ArrayRef<llvm::ReturnInst *> Returns);
  void exitIf(llvm::Value *Cond, llvm::Instruction *Before,
              std::optional<Status> Fault, llvm::Value *Uid);

  // MemoryChecks.cpp
  /// A memory access to check: where, pointer, bytes, write or read, and
  /// its site (its CheckCache in the context's array).
  struct Access {
    llvm::Instruction *At;
    llvm::Value *Ptr;
    uint64_t Bytes;
    bool IsWrite;
    unsigned Site;
    /// What a GPU requires the address to be a multiple of: the access's
    /// size, or the IR's alignment when that is smaller (the PTX then
    /// splits the access).
    uint64_t Align = 1;
  };
  /// The accesses of \p I that need a check at run time.
  void collectAccesses(llvm::Instruction &I,
                       llvm::SmallVectorImpl<Access> &Out);
  bool staticallySafe(const Access &A);
  void checkAccess(const Access &A);
  /// The addresses of \p Site's CheckCache fields Lo and Span.
  std::pair<llvm::Value *, llvm::Value *> cacheFields(llvm::IRBuilder<> &B,
                                                      unsigned Site);

  // LocalChecks.cpp
  /// The entry's static allocas whose every use the shadow can follow (run
  /// before anything else uses them).
  llvm::SmallVector<llvm::AllocaInst *> shadowableLocals();
  /// Shadows each of \p Locals: a load of bytes not written since the
  /// local's life started is Status::Uninitialized.
  void checkLocalInits(llvm::ArrayRef<llvm::AllocaInst *> Locals);
  void shadowLocal(llvm::AllocaInst &AI, uint64_t N,
                   llvm::ArrayRef<LocalUse> Uses);

  // RaceChecks.cpp
  /// An access that may reach shared or global memory: where, pointer,
  /// bytes (a constant, or a memory intrinsic's length), RaceFlags, site.
  struct RaceAccess {
    llvm::Instruction *At;
    llvm::Value *Ptr;
    llvm::Value *Bytes;
    uint32_t Flags;
    unsigned Site;
  };
  void collectRaceAccesses(llvm::Instruction &I,
                           llvm::SmallVectorImpl<RaceAccess> &Out);
  enum class Space { Private, ReadOnly, Other };
  /// Whether \p Ptr can only point into a local (Private) or a read-only
  /// global (ReadOnly).
  Space spaceOf(const llvm::Value *Ptr) const;
  /// The kernel arguments (a mask of their numbers) \p Ptr may point into;
  /// nullopt when it may point anywhere else (in an entry function only).
  std::optional<uint64_t> argumentsOf(const llvm::Value *Ptr) const;
  /// In a kernel's entry function: which pointer arguments it reads
  /// through and never writes through (ReadOnlyArgs), and its KernelInfo's.
  void traceArguments();
  void checkRace(const RaceAccess &A);

  // ThreadLoopChecks.cpp
  /// In a block function with checks: a copy of the x loop without the
  /// checks of the accesses whose range it tests first; appends the copies
  /// of the other accesses of the loop to \p Accesses, and of every race
  /// access of the loop to \p Races.
  void versionThreadLoop(llvm::SmallVectorImpl<Access> &Accesses,
                         llvm::SmallVectorImpl<RaceAccess> &Races);

  llvm::Function &F;
  const llvm::DataLayout &DL;
  ContextAccess &Ctx;
  InstrumentState &S;
  /// The entry block holds the allocas, the context and the locals' set-up
  /// and branches to Body, where entry checks go.
  llvm::BasicBlock *Body = nullptr;
  llvm::AllocaInst *Cost = nullptr, *Limit = nullptr, *Start = nullptr;
  /// With the model: the thread's row of basic-block counters.
  llvm::AllocaInst *Counts = nullptr;
  llvm::Value *Caches = nullptr; ///< The context's CheckCache array.
  KernelInfo *Kernel = nullptr;  ///< When F is a kernel's entry.
  uint64_t ReadOnlyArgs = 0;     ///< Kernel->ReadOnlyArgs.
  /// Where a block function's thread loop starts each thread.
  llvm::SmallVector<llvm::Instruction *> ThreadStarts;
};

} // namespace gevo::cpu

#endif
