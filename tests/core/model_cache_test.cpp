// SPDX-License-Identifier: Apache-2.0
// The model cache: preload, warmup, one load per model across threads, LRU under a budget,
// failures kept apart, idle release on an injected clock, models held by jobs. Real loads of the
// fixtures' small GPEN checkpoints, copied into a temporary models folder.

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <latch>
#include <map>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

#include "gpen/base/log.h"
#include "gpen/engine/gpen_face_model.h"
#include "gpen/engine/model_cache.h"
#include "gpen/engine/model_report.h"
#include "gpen/nn/network_builds.h"
#include "support/fixtures.h"
#include "support/model_cache_probes.h"
#include "support/temp_models_dir.h"

namespace gpen {
namespace {

namespace fs = std::filesystem;
using test::LoaderProbe;
using test::ParserStandIn;
using test::Recorder;
using test::WarmupLog;
using namespace std::chrono_literals;

constexpr const char* kFace64 = "gpen-64-cm1-n0.0625.pth";
constexpr const char* kFace128 = "gpen-128-cm2-n0.0625.pth";

ModelEntry entry(const std::string& id, ModelKind kind = ModelKind::GpenFace) {
    ModelEntry e;
    e.id = id;
    e.fileName = id + ".pth";
    e.kind = kind;
    e.network = kind == ModelKind::Parser ? "stand-in" : "FullGenerator";
    return e;
}

class ModelCacheTest : public ::testing::Test {
  protected:
    static void SetUpTestSuite() { test::configureTestRuntime(); }
    void SetUp() override { GPEN_REQUIRE_FIXTURES(); }

    fs::path install(const std::string& fixture, const std::string& id) {
        return test::copyFixture(fixture, m_tmp.dir("models") / (id + ".pth"));
    }
    ModelClock::time_point at(std::chrono::milliseconds t) const {
        return ModelClock::time_point(t);
    }

    // A cache over `entries` in the temporary folder: no preload, no limits, the fake clock.
    ModelCacheParams params(std::vector<ModelEntry> entries) {
        ModelCacheParams p;
        p.catalog = ModelCatalog();
        for (auto& e : entries) {
            p.catalog.add(std::move(e));
        }
        p.loaders = ModelLoaderRegistry::withBuiltIns();
        ModelLoaderSpec face = gpenFaceLoaderSpec();
        face.load = [probe = m_probe, inner = face.load](const ModelLoadInput& in) {
            probe->record(in);
            return inner(in);
        };
        p.loaders.add(ModelKind::GpenFace, face);
        ModelLoaderSpec parser;
        parser.load =
            [probe = m_probe, log = m_warmLog](
                const ModelLoadInput& in) -> Expected<std::shared_ptr<const LoadedModel>> {
            probe->record(in);
            auto g = GpenGenerator::create(in.weights, in.source(), {.device = in.device});
            if (!g) {
                return tl::unexpected(g.error());
            }
            return std::make_shared<const ParserStandIn>(std::move(*g), log);
        };
        p.loaders.add(ModelKind::Parser, parser);
        p.search = {.commandLineDir = m_tmp.dir("models"),
                    .useEnvironment = false,
                    .userDir = m_tmp.dir("user"),
                    .installedDir = m_tmp.path() / "installed",
                    .inspectUnknown = false};
        p.preload = {};
        p.maxModels = 0;
        p.memoryBudgetBytes = 0;
        p.clock = [now = m_now] {
            return ModelClock::time_point(std::chrono::milliseconds(now->load()));
        };
        return p;
    }
    void setNow(std::chrono::milliseconds t) { m_now->store(t.count()); }

    test::TempModelsDir m_tmp{"cache"};
    std::shared_ptr<LoaderProbe> m_probe = std::make_shared<LoaderProbe>();
    std::shared_ptr<WarmupLog> m_warmLog = std::make_shared<WarmupLog>();
    std::shared_ptr<std::atomic<std::int64_t>> m_now =
        std::make_shared<std::atomic<std::int64_t>>(0);
};

TEST_F(ModelCacheTest, PreloadsInTheBackgroundWarmsAtTheWorkSizesAndTimesEveryPhase) {
    install(kFace64, "face");
    install(kFace64, "parser");
    auto p = params({entry("face"), entry("parser", ModelKind::Parser), entry("absent")});
    p.preload = {"face", "parser", "absent"};
    p.warmup.faceBatchSizes = {1, 3};
    ModelCache cache(std::move(p));
    Recorder recorder;
    cache.addObserver(recorder.observer());
    // The load of "face" is held at a gate the test opens only once start() has returned: a
    // start() that loaded on the calling thread would leave the gate shut (its wait times out)
    // and the load would see start() still running.
    std::promise<void> open;
    const std::shared_future<void> gate = open.get_future().share();
    std::atomic<bool> startReturned{false};
    std::atomic<bool> loadSawStartReturn{false};
    m_probe->during = [&](const ModelLoadInput& in) {
        if (in.entry.id == "face") {
            gate.wait_for(20s);
            loadSawStartReturn = startReturned.load();
        }
    };
    cache.start();
    startReturned = true;
    EXPECT_NE(cache.status("face").state, ModelState::Ready);
    open.set_value();
    // Asking while the preload may still be loading it waits for that same load.
    auto face = cache.acquire("face");
    ASSERT_TRUE(face) << face.error().message;
    cache.waitForPreload();
    EXPECT_TRUE(loadSawStartReturn) << "start() loaded on the calling thread";

    EXPECT_EQ(m_probe->count("face"), 1);
    EXPECT_EQ(m_probe->count("parser"), 1);
    EXPECT_EQ(cache.status("absent").state, ModelState::NotInstalled);
    for (const char* id : {"face", "parser"}) {
        const ModelStatus s = cache.status(id);
        EXPECT_EQ(s.state, ModelState::Ready) << id;
        EXPECT_TRUE(s.pinned) << id;
        EXPECT_GT(s.timings.readMs, 0) << id;
        EXPECT_GT(s.timings.buildMs, 0) << id;
        EXPECT_GT(s.timings.warmMs, 0) << id;
        EXPECT_GT(s.residentBytes, 0u) << id;
        // Installed, then the load's phases in order, then Ready.
        std::vector<std::pair<ModelState, LoadPhase>> seen;
        for (const auto& st : recorder.of(id)) {
            seen.emplace_back(st.state, st.phase);
        }
        const std::vector<std::pair<ModelState, LoadPhase>> expected = {
            {ModelState::Installed, LoadPhase::None},
            {ModelState::Loading, LoadPhase::ReadingWeights},
            {ModelState::Loading, LoadPhase::Building},
            {ModelState::Loading, LoadPhase::WarmingUp},
            {ModelState::Ready, LoadPhase::None}};
        EXPECT_EQ(seen, expected) << id;
    }
    {
        std::lock_guard lock(m_warmLog->mutex);
        EXPECT_EQ(m_warmLog->batches,
                  (std::vector<int>{1, 3}));  // the parser ran at both batch sizes
    }
    std::lock_guard lock(recorder.mutex);
    for (std::size_t i = 1; i < recorder.seen.size(); ++i) {
        EXPECT_LT(recorder.seen[i - 1].sequence, recorder.seen[i].sequence)
            << "delivered out of order";
    }
}

// A model the user just chose loads on the preload thread, after its list and once its list is
// done (a new thread): Ready without a job asking, once, and not pinned.
TEST_F(ModelCacheTest, APrefetchedModelLoadsInTheBackgroundOnceAndUnpinned) {
    install(kFace64, "face");
    install(kFace64, "parser");
    install(kFace64, "later");
    auto p = params(
        {entry("face"), entry("parser", ModelKind::Parser), entry("later"), entry("absent")});
    p.preload = {"face"};
    ModelCache cache(std::move(p));
    cache.prefetch("parser");  // before start(): ignored
    EXPECT_EQ(m_probe->count("parser"), 0);
    cache.start();
    cache.prefetch("parser");
    cache.prefetch("parser");
    cache.prefetch("absent");
    cache.waitForPreload();
    EXPECT_EQ(cache.status("parser").state, ModelState::Ready);
    EXPECT_FALSE(cache.status("parser").pinned);
    EXPECT_TRUE(cache.status("face").pinned);
    EXPECT_EQ(m_probe->count("parser"), 1);
    EXPECT_EQ(cache.status("absent").state, ModelState::NotInstalled);
    // The preload thread has finished: a prefetch starts another.
    EXPECT_EQ(cache.status("later").state, ModelState::Installed);
    cache.prefetch("later");
    cache.waitForPreload();
    EXPECT_EQ(cache.status("later").state, ModelState::Ready);
    EXPECT_EQ(m_probe->count("later"), 1);
    cache.prefetch("later");  // Ready: nothing to do
    cache.waitForPreload();
    EXPECT_EQ(m_probe->count("later"), 1);
}

TEST_F(ModelCacheTest, EightThreadsAskingForOneModelCauseExactlyOneLoad) {
    install(kFace64, "face");
    std::latch allAsking(8);
    m_probe->during = [&](const ModelLoadInput&) {
        allAsking.wait();
    };  // hold the load until all ask
    ModelCache cache(params({entry("face")}));
    Recorder recorder;
    cache.addObserver(recorder.observer());
    cache.rescan();
    std::vector<std::future<Expected<std::shared_ptr<const LoadedModel>>>> results;
    for (int i = 0; i < 8; ++i) {
        results.push_back(std::async(std::launch::async, [&] {
            allAsking.count_down();
            return cache.acquire("face");
        }));
    }
    std::vector<std::shared_ptr<const LoadedModel>> models;
    for (auto& r : results) {
        auto m = r.get();
        ASSERT_TRUE(m) << m.error().message;
        models.push_back(*m);
    }
    EXPECT_EQ(m_probe->count("face"), 1);
    for (const auto& m : models) {
        EXPECT_EQ(m.get(), models[0].get());
    }
    int loadsStarted = 0;
    for (const auto& s : recorder.of("face")) {
        loadsStarted += s.state == ModelState::Loading && s.phase == LoadPhase::ReadingWeights;
    }
    EXPECT_EQ(loadsStarted, 1);
    EXPECT_EQ(cache.status("face").loads, 1);
}

TEST_F(ModelCacheTest, EvictsTheLeastRecentlyUsedUnderTheMemoryBudgetAndTheModelCount) {
    for (const char* id : {"a", "b", "c"}) {
        install(kFace64, id);
    }
    std::uint64_t one = 0;
    {
        ModelCache probe(params({entry("a")}));
        probe.rescan();
        ASSERT_TRUE(probe.acquire("a"));
        one = probe.status("a").residentBytes;
    }
    ASSERT_GT(one, 0u);
    auto p = params({entry("a"), entry("b"), entry("c")});
    p.memoryBudgetBytes = 2 * one + one / 2;  // room for two
    ModelCache cache(std::move(p));
    cache.rescan();
    ASSERT_TRUE(cache.acquire("a"));
    ASSERT_TRUE(cache.acquire("b"));
    ASSERT_TRUE(cache.acquire("a"));  // a is now more recent than b
    ASSERT_TRUE(cache.acquire("c"));
    EXPECT_EQ(cache.status("a").state, ModelState::Ready);
    EXPECT_EQ(cache.status("b").state, ModelState::Evicted);
    EXPECT_EQ(cache.status("b").released, ReleaseReason::MemoryBudget);
    EXPECT_EQ(cache.status("c").state, ModelState::Ready);
    EXPECT_LE(cache.residentBytes(), 2 * one + one / 2);

    cache.setPinned("a", true);  // a is the least recent now, but pinned: c goes
    ASSERT_TRUE(cache.acquire("b"));
    EXPECT_EQ(cache.status("a").state, ModelState::Ready);
    EXPECT_EQ(cache.status("c").state, ModelState::Evicted);
    EXPECT_EQ(cache.status("b").loads, 2);  // evicted models load again on their next use

    auto counted = params({entry("a"), entry("b"), entry("c")});
    counted.maxModels = 2;
    ModelCache byCount(std::move(counted));
    byCount.rescan();
    for (const char* id : {"a", "b", "c"}) {
        ASSERT_TRUE(byCount.acquire(id));
    }
    EXPECT_EQ(byCount.status("a").state, ModelState::Evicted);
    EXPECT_EQ(byCount.status("a").released, ReleaseReason::ModelCount);
}

TEST_F(ModelCacheTest, ACorruptModelFailsAloneWhileOthersLoad) {
    install(kFace64, "good");
    install(kFace128, "slow");
    test::truncatedFixture(kFace128, m_tmp.dir("models") / "bad.pth", 0.5);
    test::copyFixture(kFace64, m_tmp.dir("models") / "GPEN-BFR-512.pth");  // the wrong shapes
    // "slow" finishes only once "good" has loaded: loads of different models run side by side.
    std::promise<void> goodReady;
    auto goodReadyFuture = goodReady.get_future().share();
    m_probe->during = [goodReadyFuture](const ModelLoadInput& in) {
        if (in.entry.id == "slow") {
            ASSERT_EQ(goodReadyFuture.wait_for(60s), std::future_status::ready)
                << "loads were serialised";
        }
    };
    ModelCache cache(params({entry("good"), entry("slow"), entry("bad"),
                             *ModelCatalog::released().find("GPEN-BFR-512")}));
    std::once_flag once;
    cache.addObserver([&](const ModelStatus& s) {
        if (s.id == "good" && (s.state == ModelState::Ready || s.state == ModelState::Failed)) {
            std::call_once(once, [&] { goodReady.set_value(); });
        }
    });
    cache.rescan();
    auto slow = std::async(std::launch::async, [&] { return cache.acquire("slow"); });
    auto bad = std::async(std::launch::async, [&] { return cache.acquire("bad"); });
    auto wrong = std::async(std::launch::async, [&] { return cache.acquire("GPEN-BFR-512"); });
    auto good = cache.acquire("good");
    ASSERT_TRUE(good) << good.error().message;
    auto slowResult = slow.get();
    EXPECT_TRUE(slowResult) << slowResult.error().message;

    auto badResult = bad.get();
    ASSERT_FALSE(badResult);
    EXPECT_NE(badResult.error().message.find("bad.pth"), std::string::npos)
        << badResult.error().message;
    EXPECT_EQ(cache.status("bad").state, ModelState::Failed);
    EXPECT_EQ(cache.status("bad").error, badResult.error().message);
    auto wrongResult = wrong.get();
    ASSERT_FALSE(wrongResult);
    EXPECT_EQ(wrongResult.error().code, ErrorCode::UnsupportedArchitecture);
    EXPECT_NE(wrongResult.error().message.find("GPEN-BFR-512.pth"), std::string::npos)
        << wrongResult.error().message;
    EXPECT_EQ(cache.status("GPEN-BFR-512").state, ModelState::Failed);

    // A failure sticks (no load retried per request) until a rescan.
    const int loads = m_probe->total();
    EXPECT_FALSE(cache.acquire("bad"));
    EXPECT_EQ(m_probe->total(), loads);
    cache.rescan();
    EXPECT_EQ(cache.status("bad").state, ModelState::Installed);
}

// A catalogued entry's file of another architecture (the 128 fixture as GPEN-BFR-512) is refused
// on its names and shapes, before the loader builds one layer; a good file builds one network.
TEST_F(ModelCacheTest, AFileOfAnotherArchitectureIsRefusedBeforeAnythingIsBuilt) {
    test::copyFixture(kFace128, m_tmp.dir("models") / "GPEN-BFR-512.pth");
    install(kFace64, "good");
    ModelCache cache(params({*ModelCatalog::released().find("GPEN-BFR-512"), entry("good")}));
    cache.rescan();
    const std::uint64_t before = networksBuilt();
    auto wrong = cache.acquire("GPEN-BFR-512");
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().code, ErrorCode::UnsupportedArchitecture);
    EXPECT_NE(wrong.error().message.find("GPEN-BFR-512.pth: holds FullGenerator 128"),
              std::string::npos)
        << wrong.error().message;
    EXPECT_EQ(networksBuilt(), before);
    EXPECT_EQ(cache.status("GPEN-BFR-512").state, ModelState::Failed);

    ASSERT_TRUE(cache.acquire("good"));
    EXPECT_EQ(networksBuilt(), before + 1);
}

TEST_F(ModelCacheTest, IdleModelsAreReleasedOnTheInjectedClockAndReloadSayingSo) {
    for (const char* id : {"idle", "pinned", "held"}) {
        install(kFace64, id);
    }
    auto p = params({entry("idle"), entry("pinned"), entry("held")});
    p.pinned = {"pinned"};
    p.idleRelease = 10min;
    ModelCache cache(std::move(p));
    cache.rescan();
    setNow(0min);
    for (const char* id : {"idle", "pinned", "held"}) {
        ASSERT_TRUE(cache.acquire(id));
    }
    auto job = cache.acquire("held");  // a job still running holds it
    ASSERT_TRUE(job);

    setNow(9min);
    EXPECT_EQ(cache.tick(), 0u);
    EXPECT_EQ(cache.status("idle").state, ModelState::Ready);
    setNow(10min);
    EXPECT_EQ(cache.tick(), 1u);
    EXPECT_EQ(cache.status("idle").state, ModelState::Evicted);
    EXPECT_EQ(cache.status("idle").released, ReleaseReason::Idle);
    EXPECT_EQ(cache.status("pinned").state, ModelState::Ready);
    EXPECT_EQ(cache.status("held").state, ModelState::Ready);
    EXPECT_TRUE(cache.status("held").inUse);

    std::vector<std::string> lines;
    std::mutex linesMutex;
    setLogSink([&](LogLevel, const std::string& line) {
        std::lock_guard lock(linesMutex);
        lines.push_back(line);
    });
    auto again = cache.acquire("idle");
    setLogSink({});
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(cache.status("idle").state, ModelState::Ready);
    EXPECT_EQ(cache.status("idle").loads, 2);
    EXPECT_EQ(m_probe->count("idle"), 2);
    const bool said = std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
        return l.find("idle: loading again") != std::string::npos &&
               l.find("idle)") != std::string::npos;
    });
    EXPECT_TRUE(said) << "no log line says the model is reloaded after an idle release";

    job = makeError(ErrorCode::Cancelled, "job done");
    EXPECT_EQ(cache.releaseIdle(at(30min)), 1u);  // no longer held: released too
    EXPECT_EQ(cache.status("held").released, ReleaseReason::Idle);
}

TEST_F(ModelCacheTest, AJobKeepsItsModelAliveWhileTheCacheEvictsIt) {
    install(kFace64, "a");
    install(kFace64, "b");
    auto p = params({entry("a"), entry("b")});
    p.maxModels = 1;
    ModelCache cache(std::move(p));
    cache.rescan();
    auto held = cache.acquireAs<GpenFaceModel>("a");
    ASSERT_TRUE(held) << held.error().message;
    std::weak_ptr<const GpenFaceModel> watch = *held;
    ASSERT_TRUE(cache.acquire("b"));
    EXPECT_EQ(cache.status("a").state, ModelState::Evicted);
    EXPECT_EQ(cache.status("a").released, ReleaseReason::ModelCount);
    EXPECT_TRUE(cache.status("a").inUse);

    // The job's model still works after the eviction, and matches the reference.
    const auto* c = test::findCase("gpen-64-cm1-n0.0625");
    ASSERT_NE(c, nullptr);
    auto out = (*held)->generator().forward(test::loadTensorEntry(c->at("inputs")[0]));
    ASSERT_TRUE(out) << out.error().message;
    const auto agreement = test::compare(*out, test::loadTensorEntry(c->at("outputs")[0]),
                                         test::relativeTolerance(*c));
    EXPECT_TRUE(agreement.ok) << agreement.describe();

    // Asked for again while the job holds it: taken back, not loaded again.
    auto back = cache.acquire("a");
    ASSERT_TRUE(back);
    EXPECT_EQ(back->get(), held->get());
    EXPECT_EQ(m_probe->count("a"), 1);
    EXPECT_EQ(cache.status("b").state, ModelState::Evicted);

    back = makeError(ErrorCode::Cancelled, "done");
    EXPECT_TRUE(cache.release("a"));
    EXPECT_FALSE(watch.expired());  // the job still has it
    held = makeError(ErrorCode::Cancelled, "job done");
    EXPECT_TRUE(watch.expired());  // and it is freed when the job lets go
}

TEST_F(ModelCacheTest, ColdStartMeasuresTimeToReadyAndFirstVersusSteadyRequests) {
    install(kFace128, "face");
    ModelCache cache(params({entry("face"), entry("absent")}));
    cache.rescan();
    auto report = measureColdStart(cache, "face", {.runs = 3, .batch = 2});
    ASSERT_TRUE(report) << report.error().message;
    EXPECT_GT(report->timings.readMs, 0);
    EXPECT_GT(report->timings.buildMs, 0);
    EXPECT_GT(report->timings.warmMs, 0);
    EXPECT_GE(report->timeToReadyMs, report->timings.totalMs());
    EXPECT_GT(report->firstRequestMs, 0);
    EXPECT_GT(report->steadyMs, 0);
    const auto json = nlohmann::json::parse(report->toJson());
    EXPECT_EQ(json.at("id"), "face");
    EXPECT_EQ(json.at("batch"), 2);
    EXPECT_NE(report->toText().find("time to ready"), std::string::npos);
    EXPECT_EQ(m_probe->count("face"), 1);

    auto absent = cache.acquire("absent");
    ASSERT_FALSE(absent);
    EXPECT_NE(absent.error().message.find("not installed"), std::string::npos);
    auto unknown = cache.acquire("no-such-model");
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().code, ErrorCode::InvalidArgument);
}

// A model whose warm-up runs until the cache requests its stop (or gives up after a while,
// which the test then sees): destroying the cache must stop a warm-up in progress.
class WarmsUntilCancelled final : public LoadedModel {
  public:
    explicit WarmsUntilCancelled(std::shared_ptr<std::promise<void>> warming)
        : m_warming(std::move(warming)) {}
    ModelKind kind() const override { return ModelKind::Parser; }
    std::string architecture() const override { return "warms until cancelled"; }
    std::uint64_t weightBytes() const override { return 0; }
    Expected<void> runOnZeros(const WarmupPlan& plan, int) const override {
        m_warming->set_value();
        const auto giveUp = std::chrono::steady_clock::now() + 20s;
        while (std::chrono::steady_clock::now() < giveUp) {
            if (plan.stop.stop_requested()) {
                return makeError(ErrorCode::Cancelled, "Cancelled");
            }
            std::this_thread::yield();
        }
        return makeError(ErrorCode::Internal, "the warm-up was never cancelled");
    }

  private:
    std::shared_ptr<std::promise<void>> m_warming;
};

TEST_F(ModelCacheTest, DestroyingTheCacheStopsAWarmUpInProgress) {
    install(kFace64, "slow");
    auto p = params({entry("slow", ModelKind::Parser)});
    auto warming = std::make_shared<std::promise<void>>();
    std::future<void> started = warming->get_future();
    ModelLoaderSpec spec;
    spec.load = [warming](const ModelLoadInput&) -> Expected<std::shared_ptr<const LoadedModel>> {
        return std::shared_ptr<const LoadedModel>(
            std::make_shared<const WarmsUntilCancelled>(warming));
    };
    p.loaders.add(ModelKind::Parser, spec);
    p.preload = {"slow"};
    auto cache = std::make_unique<ModelCache>(std::move(p));
    Recorder recorder;
    cache->addObserver(recorder.observer());
    cache->start();
    ASSERT_EQ(started.wait_for(20s), std::future_status::ready);
    cache.reset();  // joins the preload thread, which is inside the warm-up
    const auto seen = recorder.of("slow");
    ASSERT_FALSE(seen.empty());
    EXPECT_EQ(seen.back().state, ModelState::Failed);
    EXPECT_NE(seen.back().error.find("Cancelled"), std::string::npos) << seen.back().error;
    EXPECT_EQ(seen.back().error.find("never cancelled"), std::string::npos)
        << "the warm-up ran to its end instead";
}

}  // namespace
}  // namespace gpen
