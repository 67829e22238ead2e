//===- Retarget.h - NVPTX IR to host IR that calls the runtime ----*- C++ -*-===//
//
// The rewrite that makes an NVPTX module runnable on the host, in steps that
// each own one file: inline PTX becomes the IR it means (InlinePtx.cpp,
// PtxOps.cpp); with the performance model, each basic block's shape is
// taken from the NVPTX IR next (Shapes.cpp); NVVM intrinsics become
// runtime calls or plain IR
// (Intrinsics.cpp), address spaces collapse into the generic one and shared
// variables become offsets into the block's arena (AddressSpaces.cpp), each
// basic block's modeled cost is recorded (Cost.cpp), a kernel that never
// synchronises gets a function running a whole block (BlockLoop.cpp), the
// result is instrumented (Instrument.cpp, MemoryChecks.cpp), and every kernel
// gets a host entry point (Retarget.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_RETARGET_H
#define GEVO_HARNESS_CPU_RETARGET_H

#include "Perf.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class DataLayout;
class Constant;
class Function;
class Instruction;
class Module;
} // namespace llvm

namespace gevo::cpu {

struct KernelInfo {
  std::string EntryName; ///< void(void **Args), what the launcher calls.
  unsigned NumParams = 0;
  /// EntryName runs every thread of a block (the kernel reaches no barrier
  /// or warp operation); otherwise it runs one thread, in a fiber.
  bool RunsBlock = false;
  /// For the race checks, by argument number (the first 64): the pointer
  /// arguments the kernel reads through and never writes through
  /// (ReadOnlyArgs; none when it may write through a pointer it cannot
  /// trace to an argument), and those it may write through (WrittenArgs).
  /// A launch whose written arguments point into other buffers than a
  /// read-only one's lets that one's reads go unrecorded: nothing can race
  /// with them (the memory checks keep every access in its buffer).
  uint64_t ReadOnlyArgs = 0, WrittenArgs = 0;
  unsigned Registers = 0; ///< per thread, estimated (estimateRegisters)
  unsigned SharedBytes = 0; ///< its own static shared memory
};

struct RetargetOptions {
  bool Checks = true; ///< Memory, division and stack checks.
  bool Races = true;  ///< Race and initialisation checks (Race.h).
  bool Locals = true; ///< Reads of unwritten local memory (LocalChecks.cpp).
  /// The GPU of the performance model (Perf.h), if any: threads count their
  /// basic blocks and every shared, global and constant access reaches the
  /// runtime.
  const GpuSpec *Gpu = nullptr;
  /// The code is compiled by the fast instruction selector (Options::OptLevel
  /// below 2): calls the selector handles (Instrument.h's runtimeThunk).
  bool FastIsel = false;
};

/// The block's shared arena: its static part, and where in it the reserved
/// shared memory inline PTX asks for lies (InlinePtx.h), if it does.
struct SharedLayout {
  unsigned StaticBytes = 0;
  unsigned ReservedLo = 0, ReservedHi = 0;
};

/// The shared variable standing for a block's reserved shared memory (the
/// area cooperative groups keep their barriers in), and its size: sm_80
/// and later reserve 1 KiB; %reserved_smem_offset_0 and _1 each start half.
inline constexpr char ReservedSharedName[] = "__gevo_reserved_smem";
inline constexpr unsigned ReservedSharedBytes = 1024;

struct RetargetInfo {
  llvm::StringMap<KernelInfo> Kernels;
  unsigned StaticSharedBytes = 0;
  unsigned ReservedSharedLo = 0, ReservedSharedHi = 0; ///< See SharedLayout.
  /// Size of each module-scope variable the host can reach by name.
  llvm::StringMap<uint64_t> GlobalBytes;
  /// The module's own generic-space variables (a function's constant
  /// tables): checked memory the host cannot name; bytes, and whether they
  /// may be written.
  llvm::StringMap<std::pair<uint64_t, bool>> LocalGlobals;
  llvm::StringSet<> ReadOnlyGlobals; ///< The __constant__ variables.
  unsigned CheckSites = 0; ///< Memory checks, each with a CheckCache.
  std::vector<BlockShape> Shapes; ///< By the CostMarkers' block numbers.
};

/// Rewrites \p M (an NVPTX module, in its own context) in place for the host
/// described by \p Triple and \p DL.
llvm::Expected<RetargetInfo> retarget(llvm::Module &M, llvm::StringRef Triple,
                                      const llvm::DataLayout &DL,
                                      const RetargetOptions &Opts);

/// The calling thread's ThreadContext in the IR: one gevo_rt_ctx call at the
/// entry of each function, reused by every rewrite.
class ContextAccess {
public:
  explicit ContextAccess(llvm::Module &M);
  llvm::Value *ctx(llvm::Function &F);
  /// Address of byte \p Offset of the context.
  llvm::Value *fieldPtr(llvm::IRBuilder<> &B, unsigned Offset);
  /// Loads the field at byte \p Offset of the context.
  llvm::Value *loadField(llvm::IRBuilder<> &B, unsigned Offset,
                         llvm::Type *Ty, bool Invariant);
  llvm::FunctionCallee runtime(llvm::StringRef Name);

private:
  llvm::Module &M;
  llvm::DenseMap<llvm::Function *, llvm::Value *> Cache;
};

/// Replaces every call of an llvm.nvvm.* intrinsic; an unknown one is an
/// Error naming it.
llvm::Error replaceNvvmIntrinsics(llvm::Module &M, ContextAccess &Ctx);
/// The call of gevo_rt_matrix replacing a WMMA, mma.sync or ldmatrix
/// intrinsic (\p Rest: its name after llvm.nvvm.; MatrixLower.cpp).
llvm::Expected<llvm::Value *> lowerMatrixIntrinsic(llvm::IRBuilder<> &B,
                                                   llvm::CallInst &CI,
                                                   llvm::StringRef Rest,
                                                   ContextAccess &Ctx);

/// Metadata kind marking a block function's load of a kernel argument's
/// value: !{i32 argument number}.
inline constexpr const char *KernelArgMD = "gevo.kernel.arg";

/// On a plain load that seeds a compare-and-swap loop of its own address
/// (RaceCasSeed), marked by markCasSeeds while the module still names its
/// variables (before AddressSpaces.cpp gives each use its own address).
inline constexpr const char *CasSeedMD = "gevo.cas.seed";
void markCasSeeds(llvm::Module &M);
/// The module variable (i64) a launch sets to the kernel's read-only
/// arguments (KernelInfo::ReadOnlyArgs) that no written argument aliases.
inline constexpr const char *ReadOnlyArgsVar = "gevo.race.readonly";

/// Metadata kind marking the load of the shared arena's base.
inline constexpr const char *SharedBaseMD = "gevo.shared.base";
/// Whether \p V is the context of its function (a gevo_rt_ctx call).
bool isContextCall(const llvm::Value *V);
/// Whether \p V is a load of the shared arena's base.
bool isSharedBase(const llvm::Value *V);

/// `call void @gevo.cost(i64 N, i32 Id)`: the basic block it starts costs N
/// and has shape Id.
inline constexpr const char *CostMarker = "gevo.cost";
/// `call void @gevo.thread.start()`: a block function starts a thread.
inline constexpr const char *ThreadStartMarker = "gevo.thread.start";
/// Metadata kind on the latches of a block function's loops over threads.
inline constexpr const char *ThreadLoopMD = "gevo.threads";

/// What a GPU backend does to \p M (NVPTX IR) before the model counts it:
/// reassociation, instcombine and early CSE, without changing the CFG (so
/// the same loads of a fully unrolled loop are one load, as in the PTX).
void canonicalise(llvm::Module &M);

using BlockShapes = llvm::DenseMap<const llvm::BasicBlock *, BlockShape>;
/// The shape of every basic block of \p M (NVPTX IR, before the rewrite:
/// address spaces and special registers still tell what an access or an
/// intrinsic costs), with \p Gpu's latencies (or defaults when null).
BlockShapes shapeBlocks(const llvm::Module &M, const GpuSpec *Gpu);
/// Records the modeled cost of every basic block of every defined function
/// (weighted by instruction class) and its number in the returned shapes
/// (from \p Shapes; none for blocks the rewrite made) as a CostMarker call
/// at its start.
std::vector<BlockShape> annotateCost(llvm::Module &M,
                                     const BlockShapes &Shapes);
/// The 32-bit registers a thread of \p F needs, estimated from the most
/// values live at once in its IR (NVPTX, before the rewrite).
unsigned estimateRegisters(const llvm::Function &F);
/// The static shared memory \p Kernel and the functions it calls use
/// (NVPTX, before the rewrite puts every kernel's into one arena).
unsigned kernelSharedBytes(const llvm::Function &Kernel);

/// For \p Kernel, which reaches no barrier or warp operation: the block
/// function `void gevo.block.<kernel>(ptr Args)`, which loops over the
/// threads of one block with the kernel inlined and its special-register
/// reads replaced (with \p StoreTid, each thread stores its linear index in
/// the context's Tid, for the race checks and the model); null when the
/// kernel cannot be inlined.
llvm::Function *buildBlockFunction(llvm::Function &Kernel, ContextAccess &Ctx,
                                   bool StoreTid);

/// The arguments of \p Kernel loaded from \p Args, an array of pointers to
/// each argument's value (as cuLaunchKernel takes them); the loads are
/// !nosanitize (the checks leave them alone).
llvm::SmallVector<llvm::Value *> loadKernelArgs(llvm::IRBuilder<> &B,
                                                llvm::Value *Args,
                                                llvm::Function &Kernel);

/// Instruments every defined function of \p M before optimisation: the
/// modeled cost (from the CostMarkers) and the step budget at function
/// entries and loop headers, both kept in locals; with \p Checks, memory
/// accesses against the live ranges (MemoryChecks.cpp), integer division and
/// the stack limit; with Races, every access that may reach shared or global
/// memory is recorded for the race checks (RaceChecks.cpp); with Gpu, each
/// thread counts its basic blocks in PerfCounts (\p NumShapes of them) and
/// traced blocks record constant reads too. A failed check
/// records its status and the instruction's UID in the context and returns.
/// \p ReadOnly names the read-only globals; \p Entries maps each kernel's
/// entry function (its block function, or itself) to its KernelInfo, whose
/// argument use it fills in. Returns the number of memory-check sites.
unsigned instrument(llvm::Module &M, ContextAccess &Ctx,
                    const RetargetOptions &Opts, unsigned StaticSharedBytes,
                    const llvm::StringSet<> &ReadOnly,
                    const llvm::DenseMap<llvm::Function *, KernelInfo *>
                        &Entries,
                    unsigned NumShapes);
/// Defines the thunks through which the checks call the runtime, once
/// nothing else will be instrumented (they are not the kernel's code).
void defineThunks(llvm::Module &M, ContextAccess &Ctx);

/// Moves every global to address space 0 (shared variables into the arena),
/// retypes every pointer value and drops the address-space casts. Returns the
/// shared arena's layout; names the former __constant__ variables in
/// \p ReadOnly.
llvm::Expected<SharedLayout> lowerAddressSpaces(llvm::Module &M,
                                                ContextAccess &Ctx,
                                                llvm::StringSet<> &ReadOnly);

/// Where \p I is, for messages: "function 'k' at U12" (its UID when named).
std::string siteOf(const llvm::Instruction &I);

/// \p I's UID as a string constant of its module (one per UID), for the
/// runtime to name the instruction with; null when \p I has none.
llvm::Constant *uidString(llvm::Instruction &I);

/// Replaces every call of inline PTX with the IR it means (InlinePtx.cpp);
/// an error names the first instruction \p Target ("cpu", "amdgpu") cannot
/// run.
llvm::Error translateInlinePtx(llvm::Module &M, llvm::StringRef Target = "cpu");

} // namespace gevo::cpu

#endif // GEVO_HARNESS_CPU_RETARGET_H
