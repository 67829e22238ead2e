//===- LibdeviceStub.cpp - The corpus's __nv_* functions, for the tests ---===//
//
// Stands in for harness/cpu/libdevice until it lands: host versions of the
// few libdevice functions the corpus calls.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/ArrayRef.h"

#include <cmath>
#include <cstring>

namespace gevo::cpu {

struct RuntimeSymbol {
  const char *Name;
  void *Address;
};

namespace {

double nvCos(double X) { return std::cos(X); }
double nvSin(double X) { return std::sin(X); }
double nvExp(double X) { return std::exp(X); }
double nvLog(double X) { return std::log(X); }
double nvErfc(double X) { return std::erfc(X); }
double nvSqrt(double X) { return std::sqrt(X); }
double nvPow(double X, double Y) { return std::pow(X, Y); }
float nvFmaxf(float X, float Y) { return std::fmax(X, Y); }
int nvMax(int X, int Y) { return X > Y ? X : Y; }
int nvMin(int X, int Y) { return X < Y ? X : Y; }
int nvPopc(unsigned X) { return __builtin_popcount(X); }
int nvFloatAsInt(float X) {
  int I;
  std::memcpy(&I, &X, sizeof I);
  return I;
}

#define SYMBOL(Name, Fn) {Name, reinterpret_cast<void *>(&Fn)}
const RuntimeSymbol Symbols[] = {
    SYMBOL("__nv_cos", nvCos),   SYMBOL("__nv_sin", nvSin),
    SYMBOL("__nv_exp", nvExp),   SYMBOL("__nv_log", nvLog),
    SYMBOL("__nv_erfc", nvErfc), SYMBOL("__nv_sqrt", nvSqrt),
    SYMBOL("__nv_pow", nvPow),   SYMBOL("__nv_fmaxf", nvFmaxf),
    SYMBOL("__nv_max", nvMax),   SYMBOL("__nv_min", nvMin),
    SYMBOL("__nv_popc", nvPopc), SYMBOL("__nv_float_as_int", nvFloatAsInt),
};
#undef SYMBOL

} // namespace

llvm::ArrayRef<RuntimeSymbol> libdeviceSymbols() { return Symbols; }

} // namespace gevo::cpu
