//===- Params.h - A driver case's "params", read with field errors -*- C++ -*-===//
//
// Reads typed values out of a case's params object with defaults. A wrong
// type, an out-of-range value or a key no one read is a ParamError whose
// one line names the field, e.g. "params.gamma: expected a number > 0".
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_ML_PARAMS_H
#define GEVO_BENCHMARKS_ML_PARAMS_H

#include <nlohmann/json.hpp>

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace gevo::ml {

class ParamError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class Params {
public:
  /// \p Where prefixes messages (e.g. the case's name).
  Params(const nlohmann::json &J, std::string Where)
      : J(J), Where(std::move(Where)) {
    if (!J.is_null() && !J.is_object())
      throw ParamError(this->Where + "params: expected an object");
  }

  /// A number > 0 (or >= 0 when \p AllowZero).
  double positive(const char *Key, double Default, bool AllowZero = false) {
    const nlohmann::json *V = find(Key);
    if (!V)
      return Default;
    if (!V->is_number() || V->get<double>() < 0 ||
        (!AllowZero && V->get<double>() == 0))
      fail(Key, AllowZero ? "expected a number >= 0" : "expected a number > 0");
    return V->get<double>();
  }
  /// An integer in [Min, Max].
  long long integer(const char *Key, long long Default, long long Min,
                    long long Max) {
    const nlohmann::json *V = find(Key);
    if (!V)
      return Default;
    if (!V->is_number_integer() || V->get<long long>() < Min ||
        V->get<long long>() > Max)
      fail(Key, "expected an integer in [" + std::to_string(Min) + ", " +
                    std::to_string(Max) + "]");
    return V->get<long long>();
  }
  /// A list of distinct integers in [Min, Max], at least \p MinSize long.
  std::vector<int> distinctInts(const char *Key, std::vector<int> Default,
                                int Min, int Max, size_t MinSize) {
    const nlohmann::json *V = find(Key);
    if (!V)
      return Default;
    std::vector<int> Out;
    std::set<int> Seen;
    bool Ok = V->is_array() && V->size() >= MinSize;
    for (size_t I = 0; Ok && I < V->size(); ++I) {
      const nlohmann::json &E = (*V)[I];
      Ok = E.is_number_integer() && E.get<int>() >= Min &&
           E.get<int>() <= Max && Seen.insert(E.get<int>()).second;
      if (Ok)
        Out.push_back(E.get<int>());
    }
    if (!Ok)
      fail(Key, "expected at least " + std::to_string(MinSize) +
                    " distinct integers in [" + std::to_string(Min) + ", " +
                    std::to_string(Max) + "]");
    return Out;
  }
  std::string string(const char *Key, const std::string &Default) {
    const nlohmann::json *V = find(Key);
    if (!V)
      return Default;
    if (!V->is_string())
      fail(Key, "expected a string");
    return V->get<std::string>();
  }
  /// Fails on the first key that no getter asked for (a typo).
  void rejectUnknown() const {
    if (!J.is_object())
      return;
    for (auto It = J.begin(); It != J.end(); ++It)
      if (!Read.count(It.key()))
        throw ParamError(Where + "params." + It.key() + ": unknown parameter");
  }

private:
  const nlohmann::json *find(const char *Key) {
    Read.insert(Key);
    if (!J.is_object())
      return nullptr;
    auto It = J.find(Key);
    return It == J.end() ? nullptr : &*It;
  }
  [[noreturn]] void fail(const char *Key, const std::string &Why) const {
    throw ParamError(Where + "params." + Key + ": " + Why);
  }

  const nlohmann::json &J;
  std::string Where;
  std::set<std::string> Read;
};

} // namespace gevo::ml

#endif
