// SPDX-License-Identifier: Apache-2.0
// Core's model downloader against a real HTTP server on 127.0.0.1: a released file is fetched,
// resumed, checked against the catalog's SHA-256 and installed by the real import; a file whose
// digest is not the published one, a cancel and a server that sends the whole file again are each
// handled without leaving half a model.

#include "gpen/engine/model_download.h"

#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stop_token>
#include <string>

#include "gpen/base/sha256.h"
#include "gpen/pipeline/pipeline_models.h"
#include "support/fixtures.h"
#include "support/local_http_server.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

class ModelDownloadTest : public ::testing::Test {
  protected:
    void SetUp() override {
        GPEN_REQUIRE_FIXTURES();
        m_body = test::readFileBytes(test::fixturesDir() / "rrdb-x2-f8-b2-g4.pth");
        ASSERT_GT(m_body.size(), 1000U);
        m_dir = fs::temp_directory_path() /
                ("gpen-model-download-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
        m_catalog = ModelCatalog::released();
        m_entry = *m_catalog.find("realesrnet_x2");
        auto digest = sha256OfFile(test::fixturesDir() / "rrdb-x2-f8-b2-g4.pth");
        ASSERT_TRUE(digest);
        m_entry.sha256 = *digest;
    }
    void TearDown() override { fs::remove_all(m_dir); }

    ModelDownloadParams params(const test::LocalHttpServer& server) const {
        ModelDownloadParams p;
        p.mirror = server.baseUrl();
        p.folder = m_dir;
        return p;
    }
    Expected<ImportedModel> download(const ModelDownloadParams& p) {
        return downloadModel(m_entry, p, [this](const fs::path& part) {
            ++m_imports;
            return importModel(part, m_catalog, pipelineModelLoaders(),
                               {.userDir = m_dir, .asModelId = m_entry.id, .overwrite = true});
        });
    }
    fs::path installed() const { return m_dir / "realesrnet_x2.pth"; }
    fs::path part() const { return downloadPartPath(m_dir, m_entry.fileName); }

    std::string m_body;
    fs::path m_dir;
    ModelCatalog m_catalog;
    ModelEntry m_entry;
    int m_imports = 0;
};

TEST_F(ModelDownloadTest, AFileWithThePublishedDigestIsInstalledAndItsPartRemoved) {
    test::LocalHttpServer server(m_body);
    ASSERT_TRUE(server.ok());
    ModelDownloadParams p = params(server);
    DownloadProgress last;
    p.progress = [&](const DownloadProgress& pr) { last = pr; };
    auto imported = download(p);
    ASSERT_TRUE(imported) << imported.error().message;
    EXPECT_EQ(imported->id, "realesrnet_x2");
    EXPECT_EQ(test::readFileBytes(installed()), m_body);
    EXPECT_FALSE(fs::exists(part()));
    EXPECT_EQ(last.bytes, static_cast<std::int64_t>(m_body.size()));
    EXPECT_EQ(last.total, static_cast<std::int64_t>(m_body.size()));
    EXPECT_EQ(server.lastRangeStart(), -1);
}

TEST_F(ModelDownloadTest, APartFromAnEarlierTryIsResumedWithARange) {
    std::ofstream(part(), std::ios::binary) << m_body.substr(0, 1000);
    test::LocalHttpServer server(m_body);
    ASSERT_TRUE(server.ok());
    auto imported = download(params(server));
    ASSERT_TRUE(imported) << imported.error().message;
    EXPECT_EQ(server.lastRangeStart(), 1000);
    EXPECT_EQ(test::readFileBytes(installed()), m_body);
}

// The bytes differ from the released file's in one place only: the digest is what catches it
// (the file still reads as a checkpoint of the right shapes).
TEST_F(ModelDownloadTest, AFileWhoseDigestIsNotThePublishedOneIsNotInstalled) {
    std::string changed = m_body;
    changed[changed.size() / 2] = static_cast<char>(changed[changed.size() / 2] ^ 0x01);
    test::LocalHttpServer server(changed);
    ASSERT_TRUE(server.ok());
    auto imported = download(params(server));
    ASSERT_FALSE(imported);
    EXPECT_EQ(imported.error().code, ErrorCode::Checksum);
    EXPECT_NE(imported.error().message.find("realesrnet_x2.pth"), std::string::npos)
        << imported.error().message;
    EXPECT_NE(imported.error().message.find(m_entry.sha256), std::string::npos)
        << imported.error().message;
    EXPECT_EQ(m_imports, 0);
    EXPECT_FALSE(fs::exists(installed()));
    EXPECT_FALSE(fs::exists(part())) << "a wrong file is not kept for a resume";
}

TEST_F(ModelDownloadTest, ACancelEndsTheTransferAndKeepsThePart) {
    std::ofstream(part(), std::ios::binary) << m_body.substr(0, 1000);
    test::LocalHttpServer server(m_body);
    ASSERT_TRUE(server.ok());
    std::stop_source stop;
    ModelDownloadParams p = params(server);
    p.stop = stop.get_token();
    p.progress = [&](const DownloadProgress&) { stop.request_stop(); };
    auto imported = download(p);
    ASSERT_FALSE(imported);
    EXPECT_EQ(imported.error().code, ErrorCode::Cancelled);
    EXPECT_EQ(m_imports, 0);
    EXPECT_FALSE(fs::exists(installed()));
    const std::string kept = test::readFileBytes(part());
    ASSERT_GE(kept.size(), 1000U) << "the .part stays for the next try";
    EXPECT_EQ(kept, m_body.substr(0, kept.size()));
}

// A .part longer than the file now published: the server answers with the whole file, which
// replaces the .part from byte 0.
TEST_F(ModelDownloadTest, AWholeFileAnswerToARangeRestartsThePart) {
    std::ofstream(part(), std::ios::binary) << m_body << "stale bytes";
    test::LocalHttpServer server(m_body);
    ASSERT_TRUE(server.ok());
    auto imported = download(params(server));
    ASSERT_TRUE(imported) << imported.error().message;
    EXPECT_EQ(server.lastRangeStart(), static_cast<std::int64_t>(m_body.size() + 11));
    EXPECT_EQ(test::readFileBytes(installed()), m_body);
}

TEST_F(ModelDownloadTest, NoServerFailsNamingTheFileAndInstallsNothing) {
    ModelDownloadParams p;
    p.mirror = "http://127.0.0.1:1/";
    p.folder = m_dir;
    auto imported = download(p);
    ASSERT_FALSE(imported);
    EXPECT_EQ(imported.error().code, ErrorCode::Network);
    EXPECT_NE(imported.error().message.find("realesrnet_x2.pth"), std::string::npos)
        << imported.error().message;
    EXPECT_FALSE(fs::exists(installed()));
}

TEST(ModelDownloadUrl, AMirrorIsAFolderAndAWebPageIsNoDirectDownload) {
    const ModelCatalog catalog = ModelCatalog::released();
    const ModelEntry& e = *catalog.find("GPEN-BFR-512");
    EXPECT_EQ(modelDownloadUrl(e, ""), e.downloadUrl);
    EXPECT_EQ(modelDownloadUrl(e, "http://mirror/models"), "http://mirror/models/GPEN-BFR-512.pth");
    EXPECT_EQ(modelDownloadUrl(e, "http://mirror/models/"),
              "http://mirror/models/GPEN-BFR-512.pth");
    EXPECT_TRUE(isDirectDownload(modelDownloadUrl(e, "")));
    EXPECT_FALSE(isDirectDownload(modelDownloadUrl(*catalog.find("GPEN-BFR-1024"), "")));
    EXPECT_TRUE(modelDownloadUrl(*catalog.find("dlib"), "http://mirror/").empty());
}

}  // namespace
}  // namespace gpen
