//===- Table.cpp - The sorted libdevice table and its lookup --------------===//

#include "Families.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace gevo::cpu {

llvm::ArrayRef<RuntimeSymbol> libdeviceSymbols() {
  static const std::vector<RuntimeSymbol> Table = [] {
    std::vector<RuntimeSymbol> All;
    for (llvm::ArrayRef<RuntimeSymbol> Family :
         {libdevice::mathSymbols(), libdevice::specialSymbols(),
          libdevice::roundingSymbols(), libdevice::conversionSymbols(),
          libdevice::integerSymbols(), libdevice::simdSymbols()})
      All.insert(All.end(), Family.begin(), Family.end());
    std::sort(All.begin(), All.end(),
              [](const RuntimeSymbol &A, const RuntimeSymbol &B) {
                return std::strcmp(A.Name, B.Name) < 0;
              });
    return All;
  }();
  return Table;
}

void *findLibdeviceSymbol(llvm::StringRef Name) {
  llvm::ArrayRef<RuntimeSymbol> Table = libdeviceSymbols();
  const RuntimeSymbol *It = std::lower_bound(
      Table.begin(), Table.end(), Name,
      [](const RuntimeSymbol &S, llvm::StringRef N) { return N > S.Name; });
  return It != Table.end() && Name == It->Name ? It->Address : nullptr;
}

} // namespace gevo::cpu
