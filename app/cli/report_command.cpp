// SPDX-License-Identifier: Apache-2.0
#include <iostream>

#include "cli/commands.h"
#include "gpen/batch/batch_report.h"

namespace gpen::cli {

namespace {

struct MergeOptions {
    std::vector<std::string> reports;
    std::string output;
};

// `report merge A.json B.json ... --output ALL.json`: the shard reports of one batch joined.
int merge(const MergeOptions& o) {
    std::vector<BatchReport> reports;
    for (const auto& file : o.reports) {
        auto r = readBatchReport(file);
        if (!r) return fail(r.error().message);
        reports.push_back(std::move(*r));
    }
    auto merged = mergeBatchReports(reports);
    if (!merged) return fail(merged.error().message);
    if (auto ok = writeBatchReport(*merged, o.output); !ok) return fail(ok.error().message);
    std::cout << merged->files.size() << " files: " << merged->count(FileStatus::Ok) << " ok, "
              << merged->count(FileStatus::Skipped) << " skipped, "
              << merged->count(FileStatus::Failed) << " failed, "
              << merged->count(FileStatus::Cancelled) + merged->count(FileStatus::Pending)
              << " not done\n";
    return 0;
}

}  // namespace

void addReportCommand(CLI::App& root, Runner& runner) {
    CLI::App* report = root.add_subcommand("report", "batch reports");
    report->require_subcommand(1);
    auto o = std::make_shared<MergeOptions>();
    CLI::App* command =
        report->add_subcommand("merge", "join the reports of a batch's shards into one");
    command->add_option("REPORTS", o->reports, "the shards' gpen-batch-report-*.json")->required();
    command->add_option("--output", o->output, "the merged report")->required();
    runs(command, runner, o, merge);
}

}  // namespace gpen::cli
