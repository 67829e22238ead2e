//===- InlinePtx.h - One inline PTX call as IR ------------------*- C++ -*-===//
//
// The translator of one asm call (InlinePtx.cpp: parsing, registers,
// arithmetic; PtxMemory.cpp: addresses, loads and stores, atomics, address
// conversions and warp operations; PtxTexture.cpp: texture and surface
// instructions; PtxBranch.cpp: labels and branches).
//
// Shared-window addresses (what cvta.to.shared, %reserved_smem_offset_*
// and `ld.shared [%r]` deal in) are integers as NVPTX IR has them:
// ptrtoint of an addrspace(3) pointer, and inttoptr back. The cpu target's
// address-space lowering makes them offsets into the block's arena.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_INLINEPTX_H
#define GEVO_HARNESS_CPU_INLINEPTX_H

#include "PtxOps.h"
#include "Retarget.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"

namespace gevo::cpu {

/// The registers of a `{r0, r1, ...}` operand, trimmed (or the one
/// register it names).
llvm::SmallVector<llvm::StringRef> vectorOperand(llvm::StringRef Tok);

class PtxTranslator {
public:
  PtxTranslator(llvm::CallInst &Call, const llvm::InlineAsm &Asm);

  /// Whether an asm string's \p Statements have labels or branches; then
  /// startBlocks() before the first statement (PtxBranch.cpp).
  static bool branches(llvm::ArrayRef<llvm::StringRef> Statements);
  void startBlocks(llvm::ArrayRef<llvm::StringRef> Statements);
  /// Translates \p Statement; an error names what is not supported.
  llvm::Error statement(llvm::StringRef Statement);
  /// Replaces the call with the outputs' final values.
  void finish();

private:
  llvm::Expected<llvm::Value *> read(llvm::StringRef Tok, unsigned Width);
  llvm::Error write(llvm::StringRef Tok, llvm::Value *V);
  llvm::Value *bits(llvm::Value *V, unsigned Width) {
    return Ops.bits(V, Width);
  }
  /// Register \p Name's value, \p V in the map (loaded from its slot).
  llvm::Value *value(llvm::StringRef Name, llvm::Value *V) {
    if (llvm::AllocaInst *Slot = Slots.lookup(Name))
      return B.CreateLoad(Slot->getAllocatedType(), Slot);
    return V;
  }
  /// With labels: register \p Name's alloca (made at its first use).
  llvm::AllocaInst *slot(llvm::StringRef Name, unsigned Width);
  void endBlock(llvm::Instruction *Term, llvm::BasicBlock *Next);
  llvm::Error label(llvm::StringRef Name);
  /// bra to \p Target, where \p Cond holds (always when null).
  llvm::Error branch(llvm::StringRef Target, llvm::Value *Cond);
  void finishBlocks();
  void promoteSlots(llvm::Function &F);
  llvm::Value *specialRegister(llvm::StringRef Name);
  llvm::Value *laneMask(llvm::StringRef Which);
  /// The shared-window offset of the block's reserved shared memory (the
  /// area cooperative groups keep their barriers in) plus \p Offset.
  llvm::Value *reservedShared(unsigned Offset);
  llvm::Value *intrinsic(llvm::Intrinsic::ID Id,
                         llvm::ArrayRef<llvm::Value *> Args);
  /// The generic pointer \p Tok ([x], [x+off]) addresses in the state space
  /// \p O names (none: generic).
  llvm::Expected<llvm::Value *> address(llvm::StringRef Tok,
                                        const PtxOpcode &O);
  llvm::Error memory(const PtxOpcode &O, llvm::ArrayRef<llvm::StringRef> Args);
  llvm::Error atomic(const PtxOpcode &O, llvm::ArrayRef<llvm::StringRef> Args);
  llvm::Error asyncCopy(const PtxOpcode &O,
                        llvm::ArrayRef<llvm::StringRef> Args);
  llvm::Error convertAddress(const PtxOpcode &O,
                             llvm::ArrayRef<llvm::StringRef> Args);
  llvm::Error warp(const PtxOpcode &O, llvm::ArrayRef<llvm::StringRef> Args);
  /// mma.sync, ldmatrix and cvt to tf32 (PtxMatrix.cpp).
  llvm::Error matrix(const PtxOpcode &O, llvm::ArrayRef<llvm::StringRef> Args);
  llvm::Error tf32(const PtxOpcode &O, llvm::ArrayRef<llvm::StringRef> Args);
  /// tex, tld4, suld.b, sust.b (PtxTexture.cpp).
  llvm::Error texture(const PtxOpcode &O, llvm::ArrayRef<llvm::StringRef> Args);
  llvm::Error textureFetch(const PtxOpcode &O,
                           llvm::ArrayRef<llvm::StringRef> Args, unsigned Dims,
                           llvm::Value *Handle,
                           llvm::ArrayRef<llvm::Value *> Coords,
                           llvm::Value *Uid, llvm::Type *Words);
  llvm::Error guarded(llvm::StringRef Guard, llvm::StringRef Body);
  /// cvt to an f16x2 or bf16x2 pair from two sources (the first the high
  /// half).
  llvm::Error convertPair(const PtxOpcode &O,
                          llvm::ArrayRef<llvm::StringRef> Args);

  llvm::CallInst &Call;
  llvm::IRBuilder<> B;
  PtxOps Ops;
  unsigned NumOutputs = 0;
  llvm::StringMap<llvm::Value *> Regs;       ///< registers (and $N outputs)
  llvm::StringMap<unsigned> RegWidths;       ///< their widths in bits
  /// Where code goes: before the call, or (with labels) before the
  /// placeholder ending the block under construction.
  llvm::Instruction *Anchor;
  bool Blocks = false; ///< The asm has labels and branches.
  llvm::StringMap<llvm::BasicBlock *> Labels;
  llvm::StringMap<llvm::AllocaInst *> Slots;  ///< Registers, with labels.
  llvm::BasicBlock *Tail = nullptr;           ///< The code after the call.
  llvm::SmallVector<llvm::BasicBlock *> Dead; ///< Code after a bra.
};

} // namespace gevo::cpu

#endif
