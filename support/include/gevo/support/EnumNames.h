//===- EnumNames.h - An enum's spellings in one table -----------*- C++ -*-===//
//
// One table of {enumerator, spelling} pairs serves both directions: nameOf
// (a value's spelling, for logs, JSON and messages) and parseName (the value
// a spelling names, for command lines and files), so the two never disagree
// and a new enumerator is added in one place.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_SUPPORT_ENUMNAMES_H
#define GEVO_SUPPORT_ENUMNAMES_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace gevo {

template <typename E> struct EnumName {
  E Value;
  const char *Name;
};

/// The spelling of \p V in \p Table (the first entry for it), or
/// \p Otherwise if the table has none.
template <typename E, size_t N>
constexpr const char *nameOf(const EnumName<E> (&Table)[N], E V,
                             const char *Otherwise = "?") {
  for (const EnumName<E> &Entry : Table)
    if (Entry.Value == V)
      return Entry.Name;
  return Otherwise;
}

/// The value \p Table spells \p Name (exactly, case and all), if any.
template <typename E, size_t N>
constexpr std::optional<E> parseName(const EnumName<E> (&Table)[N],
                                     std::string_view Name) {
  for (const EnumName<E> &Entry : Table)
    if (Name == Entry.Name)
      return Entry.Value;
  return std::nullopt;
}

/// Every spelling of \p Table in order, joined by \p Sep: what an error
/// lists as accepted ("exact, max_abs, max_rel").
template <typename E, size_t N>
std::string nameList(const EnumName<E> (&Table)[N],
                     std::string_view Sep = ", ") {
  std::string Out;
  for (size_t I = 0; I < N; ++I)
    Out.append(I ? Sep : "").append(Table[I].Name);
  return Out;
}

} // namespace gevo

#endif // GEVO_SUPPORT_ENUMNAMES_H
