//===- PtxTexture.cpp - Inline PTX: texture and surface instructions -------===//
//
// tex and tld4 on a texture object (a 64-bit handle operand), and suld.b
// and sust.b on a surface object, as clang's texture header and gevo's
// headers write them, become calls of the runtime (TextureRuntime.cpp),
// which looks the handle up and samples or accesses the object:
//
//   tex{.level,.grad}.{1d,2d,3d}.v4.{f32,s32,u32}.{f32,s32} d, [h, {c}]...
//   tld4.{r,g,b,a}.2d.v4.{f32,s32,u32}.f32 d, [h, {x, y}]
//   suld.b.{1d,2d,3d}{.cop}{,.v2,.v4}.{b8,b16,b32,b64}.{trap,clamp,zero}
//   sust.b.{1d,2d,3d}{.cop}{,.v2,.v4}.{b8,b16,b32,b64}.{trap,clamp,zero}
//
// A fetch's words are what the object's format and read mode give (as on
// a GPU, whose texture header decides: clang's header fetches normalised
// floats with a .s32 or .u32 destination type). A level or gradients are
// ignored (objects have no mipmaps: level 0); a sparse fetch's residency
// predicate is 1. Layered, cube and multisample geometries, sust.p and
// texture references are errors naming the instruction.
//
//===----------------------------------------------------------------------===//

#include "InlinePtx.h"
#include "Runtime.h"

#include "gevo/harness/cpu/Texture.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace gevo::cpu {
namespace {

/// The dimensions a geometry modifier names (0: none this supports).
unsigned geometry(const PtxOpcode &O) {
  for (StringRef M : O.Mods)
    if (M == "1d" || M == "2d" || M == "3d")
      return M[0] - '0';
  return 0;
}

} // namespace

Error PtxTranslator::texture(const PtxOpcode &O, ArrayRef<StringRef> Args) {
  bool Surface = O.Op == "suld" || O.Op == "sust";
  unsigned Dims = geometry(O);
  bool Store = O.Op == "sust";
  if (!Dims || Args.size() < 2 || (Surface && !O.has("b")))
    return unsupportedPtx("instruction '" + O.name() + "'");
  // [h, {coordinates}]: the object and its coordinates.
  StringRef Address = (Store ? Args[0] : Args[1]).trim();
  if (!Address.consume_front("[") || !Address.consume_back("]"))
    return unsupportedPtx("texture operand '" + Address + "'");
  auto [HandleTok, CoordTok] = Address.split(',');
  SmallVector<StringRef> CoordToks = vectorOperand(CoordTok);
  if (CoordToks.size() < Dims)
    return unsupportedPtx("'" + O.name() + "' with " +
                          Twine(CoordToks.size()) + " coordinates");
  Expected<Value *> Handle = read(HandleTok, 64);
  if (!Handle)
    return Handle.takeError();
  SmallVector<Value *, 3> Coords;
  for (unsigned D = 0; D < 3; ++D) {
    Expected<Value *> C =
        D < Dims ? read(CoordToks[D], 32) : Expected<Value *>(B.getInt32(0));
    if (!C)
      return C.takeError();
    Coords.push_back(*C);
  }
  Module &M = *Call.getModule();
  Type *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty(), *Ptr = B.getPtrTy();
  Type *Words = StructType::get(B.getContext(), {I64, I64});
  Value *Uid = uidString(Call);
  if (!Surface)
    return textureFetch(O, Args, Dims, *Handle, Coords, Uid, Words);
  // suld.b / sust.b: up to 16 bytes of N elements of W bits, packed.
  unsigned W = ptxWidth(O.type());
  unsigned VecLog2 = O.has("v4") ? 2 : O.has("v2") ? 1 : 0;
  SurfQuery Q;
  Q.Dims = Dims;
  Q.Write = Store;
  Q.ElemLog2 = Log2_32(std::max(W, 8u) / 8);
  Q.VecLog2 = VecLog2;
  Q.Mode = O.has("clamp")  ? SurfaceBoundary::Clamp
           : O.has("zero") ? SurfaceBoundary::Zero
                           : SurfaceBoundary::Trap;
  SmallVector<StringRef> Data = vectorOperand(Store ? Args[1] : Args[0]);
  if (W < 8 || W > 64 || Data.size() != (1u << VecLog2) || Q.bytes() > 16)
    return unsupportedPtx("instruction '" + O.name() + "'");
  Type *I128 = B.getIntNTy(128);
  Value *Packed = ConstantInt::get(I128, 0);
  if (Store)
    for (unsigned K = 0; K < Data.size(); ++K) {
      Expected<Value *> V = read(Data[K], W);
      if (!V)
        return V.takeError();
      Packed = B.CreateOr(Packed, B.CreateShl(B.CreateZExt(*V, I128), K * W));
    }
  FunctionCallee Fn = M.getOrInsertFunction(
      GEVO_RT_SURF,
      FunctionType::get(Words, {I64, I32, I32, I32, I32, I64, I64, Ptr},
                        false));
  Value *R = B.CreateCall(
      Fn, {*Handle, B.getInt32(Q.pack()), Coords[0], Coords[1], Coords[2],
           B.CreateTrunc(Packed, I64),
           B.CreateTrunc(B.CreateLShr(Packed, 64), I64), Uid});
  if (Store)
    return Error::success();
  Value *Bytes = B.CreateOr(
      B.CreateZExt(B.CreateExtractValue(R, 0), I128),
      B.CreateShl(B.CreateZExt(B.CreateExtractValue(R, 1), I128), 64));
  for (unsigned K = 0; K < Data.size(); ++K)
    if (Error E = write(Data[K], B.CreateTrunc(B.CreateLShr(Bytes, K * W),
                                              B.getIntNTy(W))))
      return E;
  return Error::success();
}

Error PtxTranslator::textureFetch(const PtxOpcode &O, ArrayRef<StringRef> Args,
                                  unsigned Dims, Value *Handle,
                                  ArrayRef<Value *> Coords, Value *Uid,
                                  Type *Words) {
  TexQuery Q;
  Q.Dims = Dims;
  Q.IntCoords = O.type() == "s32";
  if (O.Op == "tld4") {
    StringRef Comp = O.Mods.front();
    Q.Gather = Comp == "r" ? 0 : Comp == "g" ? 1 : Comp == "b" ? 2 : 3;
    if (Dims != 2 || Q.IntCoords)
      return unsupportedPtx("instruction '" + O.name() + "'");
  }
  if (O.type(1) != "f32" && O.type(1) != "s32" && O.type(1) != "u32")
    return unsupportedPtx("instruction '" + O.name() + "'");
  // d or d|p (sparse: p, the residency, is 1).
  auto [Dest, Resident] = Args[0].split('|');
  SmallVector<StringRef> Outs = vectorOperand(Dest);
  if (Outs.size() != 4)
    return unsupportedPtx("'" + O.name() + "' with " + Twine(Outs.size()) +
                          " destinations");
  Type *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty();
  FunctionCallee Fn = Call.getModule()->getOrInsertFunction(
      GEVO_RT_TEX, FunctionType::get(Words, {I64, I32, I32, I32, I32,
                                             B.getPtrTy()},
                                     false));
  Value *R = B.CreateCall(Fn, {Handle, B.getInt32(Q.pack()), Coords[0],
                               Coords[1], Coords[2], Uid});
  for (unsigned K = 0; K < 4; ++K) {
    Value *Half = B.CreateExtractValue(R, K / 2);
    Value *Word = B.CreateTrunc(B.CreateLShr(Half, (K % 2) * 32), I32);
    if (Error E = write(Outs[K], Word))
      return E;
  }
  if (!Resident.trim().empty())
    return write(Resident, B.getInt16(1));
  return Error::success();
}

} // namespace gevo::cpu
