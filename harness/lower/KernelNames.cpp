//===- KernelNames.cpp - The names a user gives a kernel --------------------===//

#include "gevo/harness/Lower.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Module.h"

#include <set>

using namespace llvm;

std::map<std::string, std::string> gevo::kernelNames(const Module &M) {
  std::map<std::string, std::string> Names;
  std::set<std::string> Ambiguous;
  for (const Function &F : M) {
    if (F.isDeclaration() || !isKernel(F))
      continue;
    std::string Symbol = F.getName().str();
    Names[Symbol] = Symbol;
    // "_Z11sgemm_tiledii..." demangles to "sgemm_tiled(int, int, ...)".
    std::string Demangled = demangle(Symbol);
    std::string Base = Demangled.substr(0, Demangled.find('('));
    if (Base == Symbol || Base.empty())
      continue;
    if (!Names.emplace(Base, Symbol).second)
      Ambiguous.insert(Base);
  }
  for (const std::string &Base : Ambiguous)
    Names.erase(Base);
  return Names;
}
