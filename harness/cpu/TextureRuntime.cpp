//===- TextureRuntime.cpp - tex, tld4, suld and sust at run time -----------===//
//
// What a texture or surface instruction calls (PtxTexture.cpp emits the
// calls). The handle is looked up in the object table (Texture.h): one that
// names no live object of the instruction's kind, or an object of other
// dimensions, faults with its own message (an oob_read, or oob_write for a
// surface write), as does a surface access outside the surface in trap
// mode. Every texel read and surface access is then checked like a load or
// store: inside a buffer the launch may access (a texture over a freed
// buffer faults), and seen by the race checks and the performance model
// as a global access of the texture's site. A texture fetch or surface
// read of bytes another thread writes unordered in the same launch is a
// race, and so is one of bytes the launch wrote before it, even in order
// (undefined on a GPU, whose texture cache is not coherent within a
// launch, as CUDA's programming guide says); both only with the race
// checks on.
//
//===----------------------------------------------------------------------===//

#include "Race.h"
#include "Runtime.h"
#include "Scheduler.h"

#include "gevo/harness/cpu/Texture.h"
#include "gevo/support/EnumNames.h"

#include <cstring>

namespace gevo::cpu {
namespace {

/// The race checks' site of every texture and surface access (saturated).
constexpr uint32_t TextureSite = UINT16_MAX;

void recordFault(ThreadContext &T, TextureFaultKind K, Status S,
                 const char *Uid) {
  T.FaultCode = textureFault(K, S);
  T.FaultUid = Uid;
  T.Aborted = 1;
}

/// Checks an access of [Addr, Addr + Bytes) by \p T: false after recording
/// a fault.
bool checked(ThreadContext &T, uintptr_t Addr, uint64_t Bytes, bool Write,
             const char *Uid) {
  if (!T.Block->findRange(T, Addr, Bytes, Write)) {
    T.fault(Write ? Status::OobWrite : Status::OobRead, Uid);
    return false;
  }
  return !T.Block->access(T, Addr, Bytes, Write ? RaceWrite : RaceRead,
                          TextureSite, Uid);
}

} // namespace

const char *textureFaultMessage(uint32_t Code) {
  static constexpr EnumName<TextureFaultKind> Messages[] = {
      {TextureFaultKind::BadHandle,
       "a texture or surface instruction's handle is no live object of its "
       "kind (a texture or surface argument of the launch)"},
      {TextureFaultKind::Geometry, "a texture or surface instruction of other "
                                   "dimensions than its object's"},
      {TextureFaultKind::OutOfRange,
       "a surface access outside the surface (boundary mode trap)"},
      {TextureFaultKind::Misaligned,
       "a surface access at a byte x that is not a multiple of its size"},
      {TextureFaultKind::Stale,
       "a texture fetch or surface read of bytes the launch wrote before it "
       "(undefined on a GPU: the texture cache is not coherent within a "
       "launch)"}};
  return nameOf(Messages, TextureFaultKind((Code >> 4) & 15), "texture fault");
}

TexWords rtTexture(uint64_t Handle, uint32_t Query, uint32_t C0, uint32_t C1,
                   uint32_t C2, const char *Uid) {
  ThreadContext &T = *currentThread();
  TexWords R;
  if (T.Aborted)
    return R;
  TexQuery Q = TexQuery::unpack(Query);
  std::optional<TextureObject> O = findTextureObject(Handle);
  if (!O || O->Spec.Surface) {
    recordFault(T, TextureFaultKind::BadHandle, Status::OobRead, Uid);
    return R;
  }
  if (O->Spec.Dims != Q.Dims) {
    recordFault(T, TextureFaultKind::Geometry, Status::OobRead, Uid);
    return R;
  }
  auto Base = reinterpret_cast<uintptr_t>(O->Data);
  size_t Elem = O->Spec.elementBytes();
  auto Read = [&](uint64_t Index, const char *&Bytes) {
    uintptr_t Addr = Base + Index * Elem;
    Bytes = reinterpret_cast<const char *>(Addr);
    if (!checked(T, Addr, Elem, false, Uid))
      return false;
    if (!T.Block->writtenInLaunch(Addr, Elem, Uid))
      return true;
    recordFault(T, TextureFaultKind::Stale, Status::Race, Uid);
    return false;
  };
  uint32_t Coords[3] = {C0, C1, C2}, Out[4];
  if (textureFetch(O->Spec, Q, Coords, Out, Read)) {
    R.Lo = Out[0] | uint64_t(Out[1]) << 32;
    R.Hi = Out[2] | uint64_t(Out[3]) << 32;
  }
  return R;
}

TexWords rtSurface(uint64_t Handle, uint32_t Query, int32_t X, int32_t Y,
                   int32_t Z, uint64_t Lo, uint64_t Hi, const char *Uid) {
  ThreadContext &T = *currentThread();
  TexWords R;
  if (T.Aborted)
    return R;
  SurfQuery Q = SurfQuery::unpack(Query);
  Status S = Q.Write ? Status::OobWrite : Status::OobRead;
  std::optional<TextureObject> O = findTextureObject(Handle);
  if (!O || !O->Spec.Surface) {
    recordFault(T, TextureFaultKind::BadHandle, S, Uid);
    return R;
  }
  if (O->Spec.Dims != Q.Dims) {
    recordFault(T, TextureFaultKind::Geometry, S, Uid);
    return R;
  }
  if (uint32_t(X) % Q.bytes()) {
    recordFault(T, TextureFaultKind::Misaligned, Status::Misaligned, Uid);
    return R;
  }
  std::optional<uint64_t> Offset = surfaceOffset(O->Spec, Q, X, Y, Z);
  if (!Offset) { // trap faults; zero reads zeros and drops a write
    if (Q.Mode == SurfaceBoundary::Trap)
      recordFault(T, TextureFaultKind::OutOfRange, S, Uid);
    return R;
  }
  uintptr_t Addr = reinterpret_cast<uintptr_t>(O->Data) + *Offset;
  if (!checked(T, Addr, Q.bytes(), Q.Write, Uid))
    return R;
  if (!Q.Write && T.Block->writtenInLaunch(Addr, Q.bytes(), Uid)) {
    recordFault(T, TextureFaultKind::Stale, Status::Race, Uid);
    return R;
  }
  uint64_t Data[2] = {Lo, Hi};
  char *P = reinterpret_cast<char *>(Addr);
  if (Q.Write)
    std::memcpy(P, Data, Q.bytes());
  else
    std::memcpy(&R, P, Q.bytes());
  return R;
}

} // namespace gevo::cpu
