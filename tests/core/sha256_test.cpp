// SPDX-License-Identifier: Apache-2.0
// SHA-256 against the FIPS 180-2 test vectors and against coreutils' sha256sum on a file.

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "gpen/base/sha256.h"
#include "support/temp_models_dir.h"

namespace {

std::string digestOf(const std::string& s) {
    gpen::Sha256 h;
    h.update(s.data(), s.size());
    return gpen::Sha256::hex(h.finish());
}

TEST(Sha256, MatchesTheStandardsVectors) {
    EXPECT_EQ(digestOf(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(digestOf("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(digestOf("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    gpen::Sha256 h;
    const std::string a(1000, 'a');
    for (int i = 0; i < 1000; ++i) h.update(a.data(), a.size());  // a million 'a', in pieces
    EXPECT_EQ(gpen::Sha256::hex(h.finish()),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, OfAFileAgreesWithSha256sum) {
    gpen::test::TempModelsDir dir("sha256");
    const auto file = dir.path() / "weights.pth";
    std::string bytes(2 * (1 << 20) + 5, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>((i * 7919) % 256);
    std::ofstream(file, std::ios::binary) << bytes;
    auto ours = gpen::sha256OfFile(file);
    ASSERT_TRUE(ours);
    FILE* pipe = popen(("sha256sum '" + file.string() + "'").c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    char buf[65] = {};
    ASSERT_EQ(fread(buf, 1, 64, pipe), 64U);
    pclose(pipe);
    EXPECT_EQ(*ours, std::string(buf));
    EXPECT_FALSE(gpen::sha256OfFile(dir.path() / "absent.pth"));
}

}  // namespace
