//===- IdxTest.cpp - The IDX loader and the Fashion-MNIST subsets ---------===//

#include "MlTest.h"

#include "common/Idx.h"

#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <unistd.h>

using namespace gevo::ml;
namespace fs = std::filesystem;

namespace {

/// A fresh directory per test, removed afterwards.
class IdxFiles : public ::testing::Test {
protected:
  void SetUp() override {
    Dir = fs::temp_directory_path() /
          ("gevo-idx-" + std::to_string(::getpid()) + "-" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(Dir);
  }
  void TearDown() override { fs::remove_all(Dir); }

  static std::vector<uint8_t> header(uint32_t Magic,
                                     std::vector<uint32_t> Dims) {
    std::vector<uint8_t> B;
    Dims.insert(Dims.begin(), Magic);
    for (uint32_t V : Dims)
      for (int Shift = 24; Shift >= 0; Shift -= 8)
        B.push_back(uint8_t(V >> Shift));
    return B;
  }
  /// Three 2x3 images with pixels 0, 1, ..., 17.
  static std::vector<uint8_t> images() {
    std::vector<uint8_t> B = header(0x803, {3, 2, 3});
    for (int I = 0; I < 18; ++I)
      B.push_back(uint8_t(I));
    return B;
  }
  std::string writeGz(const std::string &Name, const std::vector<uint8_t> &B) {
    std::string Path = (Dir / Name).string();
    gzFile F = gzopen(Path.c_str(), "wb");
    gzwrite(F, B.data(), unsigned(B.size()));
    gzclose(F);
    return Path;
  }
  std::string writePlain(const std::string &Name, const std::vector<uint8_t> &B) {
    std::string Path = (Dir / Name).string();
    std::ofstream(Path, std::ios::binary)
        .write(reinterpret_cast<const char *>(B.data()), B.size());
    return Path;
  }
  static std::vector<uint8_t> readAll(const std::string &Path) {
    std::ifstream F(Path, std::ios::binary);
    return {std::istreambuf_iterator<char>(F), {}};
  }
  /// The error of reading \p Path as images ("no error" if none).
  static std::string imageError(const std::string &Path) {
    llvm::Expected<IdxImages> Im = readIdxImages(Path);
    return Im ? "no error" : llvm::toString(Im.takeError());
  }
  static void expectOneLineAbout(const std::string &Msg,
                                 const std::string &Path,
                                 const std::string &Why) {
    EXPECT_EQ(Msg.rfind(Path + ": ", 0), 0u) << Msg;
    EXPECT_NE(Msg.find(Why), std::string::npos) << Msg;
    EXPECT_EQ(Msg.find('\n'), std::string::npos) << Msg;
  }

  fs::path Dir;
};

TEST_F(IdxFiles, ReadsGzipAndPlainImagesAndLabels) {
  for (const std::string &Path :
       {writeGz("a.gz", images()), writePlain("a.idx", images())}) {
    IdxImages Im = llvm::cantFail(readIdxImages(Path));
    EXPECT_EQ(Im.Count, 3u);
    EXPECT_EQ(Im.Rows, 2u);
    EXPECT_EQ(Im.Cols, 3u);
    ASSERT_EQ(Im.Pixels.size(), 18u);
    EXPECT_EQ(Im.Pixels[17], 17);
  }
  std::vector<uint8_t> L = header(0x801, {4});
  L.insert(L.end(), {9, 0, 3, 7});
  EXPECT_EQ(llvm::cantFail(readIdxLabels(writeGz("l.gz", L))),
            (std::vector<uint8_t>{9, 0, 3, 7}));
}

TEST_F(IdxFiles, MissingFileNamesIt) {
  std::string Path = (Dir / "absent.gz").string();
  expectOneLineAbout(imageError(Path), Path, "No such file");
}

TEST_F(IdxFiles, CorruptGzipNamesTheFile) {
  // Damage the deflate stream of a large file so inflate rejects it.
  std::vector<uint8_t> Big = header(0x803, {200, 28, 28});
  for (size_t I = 0; I < 200 * 28 * 28; ++I)
    Big.push_back(uint8_t((I * 2654435761u) >> 24));
  std::string Path = writeGz("corrupt.gz", Big);
  std::vector<uint8_t> Gz = readAll(Path);
  for (size_t I = Gz.size() / 3; I < Gz.size() / 3 + 64; ++I)
    Gz[I] ^= 0x5a;
  writePlain("corrupt.gz", Gz);
  expectOneLineAbout(imageError(Path), Path, "corrupt gzip data");
}

TEST_F(IdxFiles, TruncatedFileNamesIt) {
  std::vector<uint8_t> Im = images();
  Im.resize(Im.size() - 5);
  std::string Path = writeGz("short.gz", Im);
  expectOneLineAbout(imageError(Path), Path, "truncated: ends inside the pixels");
  std::vector<uint8_t> Gz = readAll(writeGz("cut.gz", images()));
  Gz.resize(Gz.size() / 2);
  std::string Cut = writePlain("cut.gz", Gz);
  EXPECT_EQ(imageError(Cut).rfind(Cut + ": ", 0), 0u) << imageError(Cut);
}

TEST_F(IdxFiles, WrongMagicAndImplausibleHeader) {
  std::vector<uint8_t> L = header(0x801, {1});
  L.push_back(1);
  std::string Labels = writeGz("labels.gz", L);
  expectOneLineAbout(imageError(Labels), Labels,
                     "not an IDX image file (magic 0x00000801, expected "
                     "0x00000803)");
  std::string Huge = writeGz("huge.gz", header(0x803, {1u << 20, 1u << 10, 1u << 10}));
  expectOneLineAbout(imageError(Huge), Huge, "implausible image dimensions");
}

TEST(FashionMnist, InstalledSplitsLoad) {
  auto Train = llvm::cantFail(loadFashionMnist(DefaultFashionMnistDir, Split::Train));
  auto Test = llvm::cantFail(loadFashionMnist(DefaultFashionMnistDir, Split::Test));
  EXPECT_EQ(Train->Images.Count, 60000u);
  EXPECT_EQ(Test->Images.Count, 10000u);
  EXPECT_EQ(Train->Images.Rows * Train->Images.Cols, 784u);
  EXPECT_EQ(Train->Labels.size(), 60000u);
  EXPECT_EQ(llvm::cantFail(loadFashionMnist(DefaultFashionMnistDir, Split::Train)), Train)
      << "each split is read once per process";
}

TEST(FashionMnist, SubsetsAreBalancedScaledAndSeeded) {
  auto Train = llvm::cantFail(loadFashionMnist(DefaultFashionMnistDir, Split::Train));
  Samples A = llvm::cantFail(selectSubset(*Train, {3, 8, 5}, 20, 7));
  ASSERT_EQ(A.size(), 60u);
  ASSERT_EQ(A.X.size(), 60u * 784);
  std::map<int, int> PerClass;
  for (int Y : A.Y)
    ++PerClass[Y];
  EXPECT_EQ(PerClass, (std::map<int, int>{{3, 20}, {5, 20}, {8, 20}}));
  float Lo = *std::min_element(A.X.begin(), A.X.end());
  float Hi = *std::max_element(A.X.begin(), A.X.end());
  EXPECT_EQ(Lo, 0.0f);
  EXPECT_LE(Hi, 1.0f);
  EXPECT_GT(Hi, 0.9f);

  Samples Again = llvm::cantFail(selectSubset(*Train, {3, 8, 5}, 20, 7));
  EXPECT_EQ(Again.X, A.X);
  EXPECT_EQ(Again.Y, A.Y);
  EXPECT_NE(llvm::cantFail(selectSubset(*Train, {3, 8, 5}, 20, 8)).X, A.X);
  llvm::Expected<Samples> TooMany = selectSubset(*Train, {1}, 6001, 1);
  ASSERT_FALSE(TooMany);
  EXPECT_EQ(llvm::toString(TooMany.takeError()),
            "class 1 has 6000 images, 6001 requested");
}

} // namespace
