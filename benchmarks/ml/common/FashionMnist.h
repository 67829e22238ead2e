//===- FashionMnist.h - Fashion-MNIST subsets for the ML drivers --*- C++ -*-===//
//
// Fashion-MNIST as Debian's dataset-fashion-mnist installs it: four gzip IDX
// files (train-/t10k- images and labels) in one directory. A driver asks for
// a class-balanced subset of the training or the test split chosen by a
// seed; features are pixels scaled to [0, 1].
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_BENCHMARKS_ML_FASHIONMNIST_H
#define GEVO_BENCHMARKS_ML_FASHIONMNIST_H

#include "Idx.h"
#include "Rng.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gevo::ml {

inline constexpr const char *DefaultFashionMnistDir =
    "/usr/share/datasets/fashion-mnist";
inline constexpr int FashionMnistClasses = 10;

/// One split as stored: u8 pixels and labels.
struct LabelledImages {
  IdxImages Images;
  std::vector<uint8_t> Labels;
};

/// A subset ready for training: row-major features in [0, 1].
struct Samples {
  size_t Dim = 0;
  std::vector<float> X; ///< size() * Dim
  std::vector<int> Y;   ///< class labels
  size_t size() const { return Y.size(); }
  const float *row(size_t I) const { return X.data() + I * Dim; }
};

enum class Split { Train, Test };

/// The dataset directory a case names: \p Param (relative to the tests dir
/// \p TestsDir unless absolute), or the installed one when empty.
inline std::string dataDir(const std::string &Param,
                           const std::string &TestsDir) {
  if (Param.empty())
    return DefaultFashionMnistDir;
  return Param[0] == '/' ? Param : TestsDir + "/" + Param;
}

/// Reads \p S of the dataset in \p Dir (each split once per process); an
/// error is one line naming the file.
inline llvm::Expected<std::shared_ptr<const LabelledImages>>
loadFashionMnist(const std::string &Dir, Split S) {
  static std::mutex Lock;
  static std::map<std::string, std::shared_ptr<const LabelledImages>> Cache;
  std::string Prefix = Dir + (S == Split::Train ? "/train" : "/t10k");
  std::lock_guard<std::mutex> Guard(Lock);
  auto &Slot = Cache[Prefix];
  if (Slot)
    return Slot;
  auto Fail = [](const std::string &Msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
  };
  auto L = std::make_shared<LabelledImages>();
  llvm::Expected<IdxImages> Images = readIdxImages(Prefix + "-images-idx3-ubyte.gz");
  if (!Images)
    return Images.takeError();
  L->Images = std::move(*Images);
  std::string LabelPath = Prefix + "-labels-idx1-ubyte.gz";
  llvm::Expected<std::vector<uint8_t>> Labels = readIdxLabels(LabelPath);
  if (!Labels)
    return Labels.takeError();
  L->Labels = std::move(*Labels);
  if (L->Labels.size() != L->Images.Count)
    return Fail(LabelPath + ": " + std::to_string(L->Labels.size()) +
                " labels for " + std::to_string(L->Images.Count) + " images");
  for (uint8_t Label : L->Labels)
    if (Label >= FashionMnistClasses)
      return Fail(LabelPath + ": label " + std::to_string(Label) +
                  " out of range 0-9");
  Slot = std::move(L);
  return Slot;
}

/// \p PerClass images of each class in \p Classes, drawn without repeats by
/// \p Seed, in a seeded random order. Too few images of a class is an error.
inline llvm::Expected<Samples> selectSubset(const LabelledImages &Data,
                                            const std::vector<int> &Classes,
                                            size_t PerClass, uint64_t Seed) {
  Rng R(Seed);
  std::vector<size_t> Chosen;
  for (int Class : Classes) {
    std::vector<size_t> Members;
    for (size_t I = 0; I < Data.Labels.size(); ++I)
      if (Data.Labels[I] == Class)
        Members.push_back(I);
    if (Members.size() < PerClass)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "class " + std::to_string(Class) + " has " +
              std::to_string(Members.size()) + " images, " +
              std::to_string(PerClass) + " requested");
    R.shuffle(Members);
    Chosen.insert(Chosen.end(), Members.begin(), Members.begin() + PerClass);
  }
  R.shuffle(Chosen);

  Samples S;
  S.Dim = size_t(Data.Images.Rows) * Data.Images.Cols;
  S.X.reserve(Chosen.size() * S.Dim);
  for (size_t I : Chosen) {
    const uint8_t *Pixels = Data.Images.Pixels.data() + I * S.Dim;
    for (size_t K = 0; K < S.Dim; ++K)
      S.X.push_back(float(Pixels[K]) / 255.0f);
    S.Y.push_back(Data.Labels[I]);
  }
  return S;
}

/// The samples at \p Indices of \p S, in that order.
inline Samples pick(const Samples &S, const std::vector<size_t> &Indices) {
  Samples Out;
  Out.Dim = S.Dim;
  for (size_t I : Indices) {
    Out.X.insert(Out.X.end(), S.row(I), S.row(I) + S.Dim);
    Out.Y.push_back(S.Y[I]);
  }
  return Out;
}

} // namespace gevo::ml

#endif
