// SPDX-License-Identifier: Apache-2.0
// The catalog of released models, discovery of files on disk (search order, inspection of unknown
// files), import into the user folder, and the text/JSON listing.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

#include "gpen/engine/embedded_upscaler.h"
#include "gpen/engine/model_cache.h"
#include "gpen/engine/model_catalog.h"
#include "gpen/engine/model_locator.h"
#include "gpen/engine/model_report.h"
#include "support/fixtures.h"
#include "support/peak_memory.h"
#include "support/temp_models_dir.h"
#include "support/torch_save_writer.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;

constexpr const char* kFace64 = "gpen-64-cm1-n0.0625.pth";
constexpr const char* kFace128 = "gpen-128-cm2-n0.0625.pth";

// Sets an environment variable for the scope of a test, restoring it after.
class ScopedEnv {
  public:
    ScopedEnv(const char* name, const std::string& value) : m_name(name) {
        if (const char* old = std::getenv(name)) {
            m_old = old;
        }
        ::setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (m_old) {
            ::setenv(m_name, m_old->c_str(), 1);
        } else {
            ::unsetenv(m_name);
        }
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

  private:
    const char* m_name;
    std::optional<std::string> m_old;
};

double specMegabytes(const GpenArchitecture& arch) {
    std::int64_t n = 0;
    for (const auto& t : gpenStateDictSpec(arch)) {
        n += shapeNumel(t.shape);
    }
    return static_cast<double>(n) * 4.0 / 1e6;
}

TEST(ModelCatalogTest, ListsEveryReleasedModelWithItsFileKindAndLink) {
    const ModelCatalog catalog = ModelCatalog::released();
    const std::vector<std::pair<std::string, ModelKind>> expected = {
        {"GPEN-BFR-512", ModelKind::GpenFace},
        {"GPEN-BFR-256", ModelKind::GpenFace},
        {"GPEN-BFR-1024", ModelKind::GpenFace},
        {"GPEN-BFR-2048", ModelKind::GpenFace},
        {"GPEN-Colorization-1024", ModelKind::GpenFace},
        {"GPEN-Inpainting-1024", ModelKind::GpenFace},
        {"GPEN-Seg2face-512", ModelKind::GpenFace},
        {"RetinaFace-R50", ModelKind::Detector},
        {"ParseNet-latest", ModelKind::Parser},
        {"realesrnet_x1", ModelKind::Background},
        {"realesrnet_x2", ModelKind::Background},
        {"realesrnet_x4", ModelKind::Background},
        {"dlib", ModelKind::Detector},
        {"faceres", ModelKind::Identity}};
    // Plus the built-in upscalers, Real-ESRGAN's two networks (realesrgan_test).
    ASSERT_EQ(catalog.entries().size(), expected.size() + realEsrganEntries().size());
    for (const auto& [id, kind] : expected) {
        const ModelEntry* e = catalog.find(id);
        ASSERT_NE(e, nullptr) << id;
        EXPECT_EQ(e->kind, kind) << id;
        EXPECT_FALSE(e->architecture.empty()) << id;
        if (e->builtIn) {
            EXPECT_TRUE(e->fileName.empty() && e->downloadUrl.empty()) << id;
            continue;
        }
        EXPECT_EQ(e->fileName, id + ".pth");
        EXPECT_GT(e->expectedMegabytes, 0) << id;
        if (id == "GPEN-BFR-1024" || id == "GPEN-BFR-2048") {
            EXPECT_EQ(e->downloadUrl, kModelScopeHiresUrl);
            EXPECT_EQ(e->sourceFileName,
                      id == "GPEN-BFR-1024" ? "pytorch_model.pt" : "pytorch_model-2048.pt");
        } else {
            EXPECT_EQ(e->downloadUrl, std::string(kReferenceModelsUrl) + e->fileName);
        }
        EXPECT_EQ(e->licence.empty(), e->kind != ModelKind::GpenFace) << id;
    }
    EXPECT_EQ(catalog.find("GPEN-BFR-256")->gpen->channelMultiplier, 1);
    EXPECT_EQ(catalog.find("GPEN-BFR-256")->gpen->narrow, 0.5);
    EXPECT_EQ(catalog.find("GPEN-BFR-512")->faceSize(), 512);
    EXPECT_EQ(catalog.find("realesrnet_x2")->nestedKey, "params_ema");
    EXPECT_EQ(catalog.find("realesrnet_x4")->scale, 4);
    EXPECT_EQ(catalog.find("gpen-bfr-512"), catalog.find("GPEN-BFR-512"));  // ids ignore case
    EXPECT_EQ(catalog.findByFileName("ParseNet-latest.pth")->id, "ParseNet-latest");
    EXPECT_EQ(catalog.find("nope"), nullptr);
}

TEST(ModelCatalogTest, ExpectedSizesAreTheArchitecturesFp32Bytes) {
    const ModelCatalog catalog = ModelCatalog::released();
    for (const auto& e : catalog.entries()) {
        if (e.gpen) {
            EXPECT_NEAR(e.expectedMegabytes, specMegabytes(*e.gpen), 0.05) << e.id;
        }
    }
}

TEST(ModelLocatorTest, UserFolderHonoursXdgDataHome) {
    {
        ScopedEnv xdg("XDG_DATA_HOME", "/tmp/gpen-xdg");
        EXPECT_EQ(userModelsDir(), fs::path("/tmp/gpen-xdg/gpen-studio/models"));
    }
    ScopedEnv xdg("XDG_DATA_HOME", "");
    ScopedEnv home("HOME", "/home/someone");
    EXPECT_EQ(userModelsDir(), fs::path("/home/someone/.local/share/gpen-studio/models"));
}

class ModelDiscoveryTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }
    void SetUp() override { GPEN_REQUIRE_FIXTURES(); }
    ModelSearchParams search() {
        return {.commandLineDir = m_tmp.dir("cli"),
                .useEnvironment = true,
                .userDir = m_tmp.dir("user"),
                .installedDir = m_tmp.dir("share")};
    }
    test::TempModelsDir m_tmp{"discovery"};
};

TEST_F(ModelDiscoveryTest, SearchesCommandLineThenEnvironmentThenUserThenInstalled) {
    ScopedEnv env("GPEN_MODELS_DIR", (m_tmp.path() / "env").string());
    const auto dirs = modelSearchDirs(search());
    ASSERT_EQ(dirs.size(), 4u);
    EXPECT_EQ(dirs[0].origin, ModelOrigin::CommandLine);
    EXPECT_EQ(dirs[1].origin, ModelOrigin::Environment);
    EXPECT_EQ(dirs[1].path, m_tmp.path() / "env");
    EXPECT_EQ(dirs[2].origin, ModelOrigin::UserData);
    EXPECT_EQ(dirs[3].origin, ModelOrigin::Installed);

    for (const char* dir : {"env", "user", "share"}) {
        test::copyFixture(kFace64, m_tmp.dir(dir) / "GPEN-BFR-512.pth");
    }
    test::copyFixture(kFace64, m_tmp.dir("share") / "GPEN-BFR-256.pth");
    test::copyFixture(kFace64, m_tmp.dir("user") / "ParseNet-latest.pth");
    test::copyFixture(kFace64, m_tmp.dir("share") / "ParseNet-latest.pth");
    auto originOf = [](const DiscoveryResult& r, const std::string& id) {
        for (const auto& l : r.located) {
            if (l.id == id) {
                return l.origin;
            }
        }
        return ModelOrigin::None;
    };
    auto r = discoverModels(ModelCatalog::released(), search());
    EXPECT_EQ(originOf(r, "GPEN-BFR-512"), ModelOrigin::Environment);
    EXPECT_EQ(originOf(r, "GPEN-BFR-256"), ModelOrigin::Installed);
    EXPECT_EQ(originOf(r, "ParseNet-latest"), ModelOrigin::UserData);
    EXPECT_EQ(originOf(r, "GPEN-BFR-1024"), ModelOrigin::None);
    EXPECT_EQ(originOf(r, "dlib"),
              fs::exists("/usr/share/dlib/shape_predictor_68_face_landmarks.dat")
                  ? ModelOrigin::System
                  : ModelOrigin::None);

    test::copyFixture(kFace64, m_tmp.dir("cli") / "GPEN-BFR-512.pth");
    r = discoverModels(ModelCatalog::released(), search());
    EXPECT_EQ(originOf(r, "GPEN-BFR-512"), ModelOrigin::CommandLine);
    for (const auto& l : r.located) {
        if (l.id == "GPEN-BFR-512") {
            EXPECT_EQ(l.file, m_tmp.path() / "cli" / "GPEN-BFR-512.pth");
            EXPECT_EQ(l.fileBytes, fs::file_size(test::fixturesDir() / kFace64));
        }
    }
}

TEST_F(ModelDiscoveryTest, OffersUnknownGpenFilesAndRejectsTheRest) {
    test::copyFixture(kFace128, m_tmp.dir("user") / "my-face.pth");
    test::copyFixture("rrdb-x1-f8-b1-g4.pth", m_tmp.dir("user") / "upscaler.pth");
    test::writeTextFile(m_tmp.dir("user") / "notes.pth", "not a checkpoint\n");
    test::writeTextFile(m_tmp.dir("user") / "GPEN-BFR-512-D.pth", "a discriminator\n");
    ModelCacheParams p;
    p.search = search();
    p.search.useEnvironment = false;
    p.preload = {};
    ModelCache cache(std::move(p));
    const DiscoveryResult r = cache.rescan();
    ASSERT_EQ(r.recognised.size(), 1u);
    EXPECT_EQ(r.recognised[0].id, "my-face");
    EXPECT_TRUE(r.recognised[0].discovered);
    ASSERT_TRUE(r.recognised[0].gpen);
    EXPECT_EQ(r.recognised[0].gpen->inSize, 128);
    EXPECT_EQ(r.rejected.size(), 3u);
    for (const auto& rejected : r.rejected) {
        EXPECT_NE(rejected.reason.find(rejected.file.filename().string()), std::string::npos)
            << rejected.reason;
    }
    EXPECT_EQ(cache.status("my-face").state, ModelState::Installed);
    EXPECT_EQ(cache.status("my-face").origin, ModelOrigin::UserData);
    auto model = cache.acquire("my-face");  // offered, and it really loads
    ASSERT_TRUE(model) << model.error().message;
    EXPECT_EQ((*model)->architecture(), r.recognised[0].architecture);
}

// A 2 KB checkpoint of forty stride-0 tensors of 2^30 elements lying in the models folder: start-up
// (which looks into every unknown file) rejects it in little time and memory, and offers the rest.
TEST_F(ModelDiscoveryTest, AStrideZeroFileInTheModelsFolderIsRejectedAtStartUp) {
    const test::StoredStorage one = test::floatStorage("0", {1.0F});
    std::vector<test::StoredTensor> tensors;
    for (int i = 0; i < 40; ++i) {
        std::string name = "generator.style.";
        name += std::to_string(i) + ".weight";
        tensors.push_back({name, &one, {std::int64_t{1} << 30}, {0}});
    }
    const std::string bytes = test::zipFile(test::stateDictPickle(tensors, false), {&one});
    std::ofstream(m_tmp.dir("user") / "broadcast.pth", std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    test::copyFixture(kFace128, m_tmp.dir("user") / "my-face.pth");
    ModelCacheParams p;
    p.search = search();
    p.search.useEnvironment = false;
    p.preload = {};
    ModelCache cache(std::move(p));
    const std::uint64_t before = test::peakResidentBytes(true);
    const auto started = std::chrono::steady_clock::now();
    cache.start();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    EXPECT_LT(test::peakResidentBytes(false) - before, std::uint64_t{200} << 20);
    EXPECT_LT(seconds, 1.0);
    EXPECT_EQ(cache.status("my-face").state, ModelState::Installed);
    EXPECT_EQ(cache.status("broadcast").state, ModelState::NotInstalled);
    const DiscoveryResult again = cache.rescan();
    bool rejected = false;
    for (const auto& r : again.rejected) {
        if (r.file.filename() == "broadcast.pth") {
            rejected = true;
            EXPECT_NE(r.reason.find("broadcast.pth: tensor generator.style.0.weight"),
                      std::string::npos)
                << r.reason;
        }
    }
    EXPECT_TRUE(rejected);
}

TEST_F(ModelDiscoveryTest, ImportValidatesAndCopiesAtomicallyIntoTheUserFolder) {
    const fs::path user = m_tmp.path() / "user-import";
    const ModelCatalog catalog = ModelCatalog::released();
    const ModelLoaderRegistry loaders = ModelLoaderRegistry::withBuiltIns();
    auto text = importModel(
        test::writeTextFile(m_tmp.dir("downloads") / "GPEN-BFR-512.pth", "<html>404</html>"),
        catalog, loaders, {.userDir = user});
    ASSERT_FALSE(text);
    EXPECT_EQ(text.error().code, ErrorCode::NotACheckpoint);
    EXPECT_NE(text.error().message.find("GPEN-BFR-512.pth"), std::string::npos)
        << text.error().message;
    EXPECT_FALSE(fs::exists(user) && !fs::is_empty(user));

    // The right kind of file with the wrong shapes for the name it is imported as.
    const fs::path small = test::copyFixture(kFace64, m_tmp.dir("downloads") / "face64.pth");
    auto wrong =
        importModel(small, catalog, loaders, {.userDir = user, .asModelId = "GPEN-BFR-512"});
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().code, ErrorCode::UnsupportedArchitecture);
    EXPECT_NE(wrong.error().message.find("face64.pth"), std::string::npos) << wrong.error().message;

    auto ok = importModel(small, catalog, loaders, {.userDir = user});
    ASSERT_TRUE(ok) << ok.error().message;
    EXPECT_EQ(ok->id, "face64");
    ASSERT_TRUE(ok->recognised);
    EXPECT_EQ(ok->file, user / "face64.pth");
    EXPECT_EQ(fs::file_size(ok->file), fs::file_size(small));
    std::vector<std::string> names;
    for (const auto& f : fs::directory_iterator(user)) {
        names.push_back(f.path().filename().string());
    }
    EXPECT_EQ(names, std::vector<std::string>{"face64.pth"});  // no temporary left behind
    EXPECT_FALSE(importModel(small, catalog, loaders, {.userDir = user}));  // exists already
    EXPECT_TRUE(importModel(small, catalog, loaders, {.userDir = user, .overwrite = true}));

    // Through the cache: the imported model becomes Installed, then loads.
    ModelCacheParams p;
    p.search = {.useEnvironment = false, .userDir = user, .installedDir = m_tmp.path() / "none"};
    p.preload = {};
    ModelCache cache(std::move(p));
    cache.rescan();
    auto viaCache =
        cache.importModel(test::copyFixture(kFace128, m_tmp.dir("downloads") / "face128.pth"));
    ASSERT_TRUE(viaCache) << viaCache.error().message;
    EXPECT_EQ(cache.status("face128").state, ModelState::Installed);
    EXPECT_EQ(cache.status("face128").file, user / "face128.pth");
    EXPECT_TRUE(cache.acquire("face128"));
}

TEST_F(ModelDiscoveryTest, RendersTheCatalogWithStatesAsTextAndJson) {
    test::copyFixture(kFace64,
                      m_tmp.dir("user") / "GPEN-BFR-512.pth");  // wrong shapes: fails to load
    ModelCacheParams p;
    p.search = search();
    p.search.useEnvironment = false;
    p.preload = {};
    ModelCache cache(std::move(p));
    cache.rescan();
    EXPECT_FALSE(cache.acquire("GPEN-BFR-512"));

    const std::string text = modelsToText(cache);
    EXPECT_NE(text.find("GPEN-BFR-1024"), std::string::npos);
    EXPECT_NE(text.find("not installed"), std::string::npos);
    EXPECT_NE(text.find(std::string(kReferenceModelsUrl) + "GPEN-BFR-256.pth"), std::string::npos);
    EXPECT_NE(text.find("error: GPEN-BFR-512.pth"), std::string::npos) << text;
    EXPECT_NE(text.find(kGpenLicenceNote), std::string::npos);

    const auto json = nlohmann::json::parse(modelsToJson(cache));
    ASSERT_EQ(json.at("models").size(), cache.catalog().entries().size());
    for (const auto& m : json.at("models")) {
        if (m.at("id") == "GPEN-BFR-512") {
            EXPECT_EQ(m.at("state"), "failed");
            EXPECT_EQ(m.at("origin"), "user data");
            EXPECT_NE(m.at("error").get<std::string>().find("GPEN-BFR-512.pth"), std::string::npos);
            EXPECT_EQ(m.at("architecture"), "FullGenerator 512, channel_multiplier 2, narrow 1");
            EXPECT_DOUBLE_EQ(m.at("expected_mb").get<double>(), 284.0);
        }
        if (m.at("id") == "GPEN-BFR-2048") {
            EXPECT_EQ(m.at("state"), "not installed");
            EXPECT_EQ(m.at("source_file_name"), "pytorch_model-2048.pt");
        }
    }
    EXPECT_EQ(json.at("licence_note"), kGpenLicenceNote);
}

}  // namespace
}  // namespace gpen
