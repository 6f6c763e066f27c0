#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "gpen/batch/batch_report.h"

namespace gpen::cli {

// `report merge A.json B.json ... --output ALL.json`: the shard reports of one batch joined.
int reportCommand(const Words& words) {
    auto args = Args::parse(words, {}, {"output"});
    if (!args) return fail(args.error().message);
    const auto& pos = args->positionals();
    if (pos.size() < 2 || pos[0] != "merge" || !args->value("output")) {
        return fail("usage: report merge REPORT.json... --output MERGED.json");
    }
    std::vector<BatchReport> reports;
    for (std::size_t i = 1; i < pos.size(); ++i) {
        auto r = readBatchReport(pos[i]);
        if (!r) return fail(r.error().message);
        reports.push_back(std::move(*r));
    }
    auto merged = mergeBatchReports(reports);
    if (!merged) return fail(merged.error().message);
    if (auto ok = writeBatchReport(*merged, *args->value("output")); !ok) return fail(ok.error().message);
    std::cout << merged->files.size() << " files: " << merged->count(FileStatus::Ok) << " ok, "
              << merged->count(FileStatus::Skipped) << " skipped, " << merged->count(FileStatus::Failed) << " failed, "
              << merged->count(FileStatus::Cancelled) + merged->count(FileStatus::Pending) << " not done\n";
    return 0;
}

}  // namespace gpen::cli
