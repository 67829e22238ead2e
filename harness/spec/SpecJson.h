//===- SpecJson.h - Reading spec.json with errors that name the field --*- C++ -*-===//
#ifndef GEVO_HARNESS_SPEC_SPECJSON_H
#define GEVO_HARNESS_SPEC_SPECJSON_H

#include "gevo/harness/Spec.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace gevo {

/// Thrown inside the parser only; parseSpec turns it into an llvm::Error.
struct SpecError {
  std::string Message;
};

/// A JSON value and where it is ("cases[0].buffers.in"), so every error
/// names the file and the field.
struct Field {
  const nlohmann::ordered_json &J;
  std::string File; // "dir/spec.json: "
  std::string Path;

  [[noreturn]] void fail(const std::string &Msg) const;
  bool has(const char *Key) const { return J.is_object() && J.contains(Key); }
  /// A member that must exist.
  Field at(const std::string &Key) const;
  /// A member known to exist, or an array element.
  Field child(const std::string &Key) const;
  Field child(size_t I) const;
  /// The length of an array (fails if this is not one).
  size_t size() const;
  void requireObject() const;
  /// Fails on a member not in Keys (a typo must not pass silently).
  void allowOnly(std::initializer_list<const char *> Keys) const;
  std::string str() const;
  bool boolean() const;
  double number() const;
  /// A non-negative integer.
  uint64_t count() const;
  ElemType elemType() const;
};

using Params = std::map<std::string, ExprValue>;

/// F as an expression: a JSON number, or a string (Expr.h) over the
/// parameters P and the loop counters Counters.
Expr parseExpr(const Field &F, const Params &P,
               const std::vector<std::string> &Counters = {});
/// F as a number: a JSON number or an expression of parameters only.
double paramNumber(const Field &F, const Params &P);
/// F as a non-negative integer: a JSON one or an expression of parameters.
uint64_t paramCount(const Field &F, const Params &P);

/// The names a step may refer to.
struct Scope {
  const std::vector<BufferSpec> &Buffers;
  const Params &P;
  std::vector<std::string> Counters;
  /// The buffer F names (F is a string).
  const BufferSpec &buffer(const Field &F) const;
  /// F as an expression of the parameters and the enclosing counters.
  Expr expr(const Field &F) const { return parseExpr(F, P, Counters); }
};

BufferSpec parseBuffer(const Field &F, const std::string &Name,
                       const std::string &Dir, const Params &P);
std::vector<Step> parseSteps(const Field &F, Scope &S);
/// A launch argument {"texture": buffer, ...} or {"surface": buffer, ...}
/// (SpecTexture.cpp).
ArgSpec parseTextureArg(const Field &F, const Scope &S);

} // namespace gevo

#endif
