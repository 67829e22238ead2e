//===- InlinePtx.h - One inline PTX call as IR ------------------*- C++ -*-===//
//
// The translator of one asm call (InlinePtx.cpp: parsing, registers,
// arithmetic; PtxMemory.cpp: addresses, loads and stores, atomics, address
// conversions and warp operations; PtxTexture.cpp: texture and surface
// instructions).
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

  llvm::CallInst &Call;
  llvm::IRBuilder<> B;
  PtxOps Ops;
  unsigned NumOutputs = 0;
  llvm::StringMap<llvm::Value *> Regs;       ///< registers (and $N outputs)
  llvm::StringMap<unsigned> RegWidths;       ///< their widths in bits
};

} // namespace gevo::cpu

#endif
