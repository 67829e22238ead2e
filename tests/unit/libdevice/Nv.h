//===- Nv.h - Calling a libdevice table entry from a test -----------------===//

#ifndef GEVO_TESTS_UNIT_LIBDEVICE_NV_H
#define GEVO_TESTS_UNIT_LIBDEVICE_NV_H

#include "Libdevice.h"

#include <stdexcept>
#include <string>

namespace gevo::cpu::test {

/// The table's function \p Name as a \p Signature pointer; throws (failing
/// the test) if the table lacks it.
template <typename Signature> Signature *nv(const char *Name) {
  void *Address = findLibdeviceSymbol(Name);
  if (!Address)
    throw std::runtime_error(std::string("no libdevice symbol ") + Name);
  return reinterpret_cast<Signature *>(Address);
}

} // namespace gevo::cpu::test

#endif
