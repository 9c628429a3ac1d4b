// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "base-bound", its job: the searches each view needs (b*(L, d) on the grid, the current
// point's scans, the published rows, the landscape), run in order with progress, partial results
// and cancel, each reused from the previous result when its arguments are unchanged.
#include "core/base_bound.h"
#include "figures/base_bound_job.h"
#include "figures/base_bound_parts.h"
#include "figures/figure_registry.h"
#include "figures/option_table.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <optional>

namespace rope::figures {

using namespace base_bound;

namespace {

// What the job depends on, per view: the curves view's searches depend on d (the feasible
// region and the dense curves) and the grid's extent only, so a base or context step reuses
// them; the landscape depends on every input of its key.
QVariantMap baseBoundInputs(const rope::RopeParams& params, const FigureOptions& options) {
    const OptionValues v(baseBoundOptions(), options);
    const View view = v.choice<View>("view");
    QVariantMap key{{QStringLiteral("view"), v.choiceId("view")}};
    const int dim = params.effectiveRotaryDim();
    if (view == View::Curves) {
        key.insert(QStringLiteral("dim"), dim);
        key.insert(QStringLiteral("extend"), v.toggle("extend"));
        key.insert(QStringLiteral("dense"), v.toggle("dense"));
    } else if (view == View::CosineSum) {
        if (v.toggle("min-base")) {
            key.insert(QStringLiteral("context"), params.context);
            key.insert(QStringLiteral("dim"), dim);
        }
    } else if (view == View::Landscape) {
        key.insert(QStringLiteral("context"), params.context);
        key.insert(QStringLiteral("dim"), dim);
        key.insert(QStringLiteral("base"), params.base);
        key.insert(QStringLiteral("b-min"), v.has("b-min") ? QVariant(v.real("b-min")) : QVariant());
        key.insert(QStringLiteral("b-max"), v.has("b-max") ? QVariant(v.real("b-max")) : QVariant());
        key.insert(QStringLiteral("samples"), options.plot.widthPx);
    }
    return key;
}

// One run of the job: each search the view needs and the result lacks, in order, with
// progress after each and a partial result whenever something new can be drawn. Cancellation
// is checked between searches and, inside each, once per certified step (core).
class BaseBoundRun {
public:
    BaseBoundRun(const JobControl& control, std::shared_ptr<BaseBoundResult> result)
        : m_control(control), m_work(control.flag()), m_result(std::move(result)) {}

    bool cancelled() const { return m_control.cancelled(); }

    // b*(L, d) into the result (a refusal keeps core's message). False when cancelled.
    bool minimal(long long context, int dim, bool includeContext = false) {
        const std::tuple<long long, int, bool> key{context, dim, includeContext};
        if (m_result->minimal.contains(key) || m_result->minimalRefused.contains(key)) {
            return true;
        }
        rope::MinimalBaseOptions options;
        options.includeContext = includeContext;
        // A job with progress and cancel: no time cap (d = 256, L = 2^20 needs more than the
        // CLI's).
        options.workLimit = 0.0;
        options.control = &m_work;
        // Start from what shorter contexts (and cancelled searches) proved: every base below
        // their lower brackets is infeasible for L too. Sound, faster along a drag, and the
        // answer is still rope-cli min-base's to the last digit: core reports the canonical
        // bracket, which depends only on b*, not on the sweep's start (docs/base-bound.md).
        if (!includeContext) {
            const double proven = provisionalBracket(*m_result, context, dim).low;
            if (proven > 1.0 && proven <= rope::limits::kMaxBase) {
                options.startBase = proven;
            }
        }
        try {
            const rope::MinimalBase r = rope::minimalBase(context, dim, options);
            if (r.cancelled) {
                // What the sweep had proven before the cancel still bounds b* from below.
                if (!includeContext && r.lowerBracket > 1.0) {
                    double& proven = m_result->provenBelow[{context, dim}];
                    proven = std::max(proven, r.lowerBracket);
                }
                return false;
            }
            m_result->minimal.emplace(key, r);
        } catch (const rope::InvalidParameter& e) {
            m_result->minimalRefused.emplace(key, QString::fromUtf8(e.what()));
        }
        return true;
    }

    // Before the certified search of the current (L, d): when nothing finished bounds b* (no
    // search of this d yet, as along a drag of d), a quick uncertified estimate, drawn at once
    // (tens of milliseconds at L = 2^14, d = 128). False when cancelled.
    bool estimate(long long context, int dim) {
        const std::tuple<long long, int, bool> key{context, dim, false};
        if (m_result->minimal.contains(key) || m_result->minimalRefused.contains(key) ||
            m_result->estimates.contains({context, dim})) {
            return true;
        }
        const ProvisionalBracket p = provisionalBracket(*m_result, context, dim);
        if (p.low > 1.0 || p.high > 1.0) {
            return true;
        }
        try {
            const double value = rope::estimateMinimalBase(context, dim, &m_work);
            if (cancelled()) {
                return false;
            }
            if (std::isfinite(value)) {
                m_result->estimates.emplace(std::pair{context, dim}, value);
                report(0.05, true);
            }
        } catch (const rope::InvalidParameter&) {
            // The certified search that follows reports the same refusal with its message.
        }
        return true;
    }

    // b_T(L, d) into the result. False when cancelled.
    bool threshold(long long context, int dim) {
        const std::pair<long long, int> key{context, dim};
        if (m_result->thresholds.contains(key) || m_result->thresholdRefused.contains(key)) {
            return true;
        }
        rope::MinimalBaseOptions options;
        options.control = &m_work;
        try {
            const rope::MinimalBase r = rope::allFeasibleAbove(context, dim, options);
            if (r.cancelled) {
                return false;
            }
            m_result->thresholds.emplace(key, r);
        } catch (const rope::InvalidParameter& e) {
            m_result->thresholdRefused.emplace(key, QString::fromUtf8(e.what()));
        }
        return true;
    }

    // The finished fraction, and a copy of the result to draw now.
    void report(double fraction, bool drawNow) {
        m_control.progress(fraction);
        if (drawNow) {
            auto copy = std::make_shared<BaseBoundResult>(*m_result);
            copy->complete = false;
            m_control.partial(std::move(copy));
        }
    }

    // The result as it stands (complete unless cancelled).
    std::shared_ptr<const JobResult> finish() {
        m_result->cancelled = cancelled();
        m_result->complete = !m_result->cancelled;
        return m_result;
    }

    BaseBoundResult& result() { return *m_result; }
    const JobControl& control() const { return m_control; }

private:
    const JobControl& m_control;
    // Core's view of the job's cancel flag (no progress: the run reports its own).
    const rope::WorkControl m_work;
    std::shared_ptr<BaseBoundResult> m_result;
};

void runCurves(BaseBoundRun& run, const rope::RopeParams& params, const FigureOptions& options) {
    const int lastLog2 = lastLog2Of(options);
    const int dim = params.effectiveRotaryDim();
    const bool dense = OptionValues(baseBoundOptions(), options).toggle("dense");
    const int searches = static_cast<int>(kGridDims.size()) * (lastLog2 - kFirstLog2 + 1);
    // Weights: the grid and the region about a third each of the first screen; the dense
    // curves (minutes) their own fraction.
    const double gridShare = dense ? 0.2 : 0.7;
    int done = 0;
    for (int e = kFirstLog2; e <= lastLog2; ++e) {
        for (const int d : kGridDims) {
            if (!run.minimal(1LL << e, d)) {
                return;
            }
            run.report(gridShare * ++done / searches, true);
        }
    }
    const long long limit = feasibleEdgeLimit(dim, lastLog2);
    if (!run.result().edges.contains({dim, limit})) {
        std::optional<std::vector<FeasibleEdge>> edges = feasibleEdges(dim, limit, run.control());
        if (!edges) {
            return;
        }
        run.result().edges.emplace(std::pair{dim, limit}, std::move(*edges));
    }
    run.report(dense ? 0.3 : 1.0, true);
    if (!dense) {
        return;
    }
    BaseBoundResult::Dense& curve = run.result().dense;
    if (curve.dim != dim) {
        curve = loadDenseCurve(dim);
    }
    curve.error.clear();
    try {
        const QString problem =
            extendDenseCurve(curve, run.control(), [&run](const BaseBoundResult::Dense& c) {
                run.report(0.3 + 0.7 * c.progress(), true);
            });
        if (!problem.isEmpty()) {
            run.result().cacheProblem = problem;
        }
    } catch (const rope::InvalidParameter& e) {
        curve.error = QString::fromUtf8(e.what());
    }
}

void runPublished(BaseBoundRun& run) {
    BaseBoundResult& result = run.result();
    if (!result.published.empty()) {
        return;
    }
    result.published = loadPublishedChecks();
    if (!result.published.empty()) {
        return;
    }
    // The 22 checks and 11 searches take ~15 s the first time (one core): once per machine,
    // then read back from the disk cache.
    const std::span<const rope::PublishedMinimalBase> table = rope::publishedMinimalBases();
    std::vector<PublishedCheck> rows;
    const double total = 2.0 * static_cast<double>(table.size());
    double finished = 0.0;
    for (const rope::PublishedMinimalBase& row : table) {
        if (run.cancelled()) {
            return;
        }
        const bool men = row.source == rope::BaseTableSource::Men2024;
        PublishedCheck c{row, rope::checkPublishedBase(row, men),
                         std::numeric_limits<double>::quiet_NaN()};
        run.report(++finished / total, false);
        if (row.context <= kExactLimit) {
            if (!run.minimal(row.context, row.dim, men)) {
                return;
            }
            if (const rope::MinimalBase* b = minimalIn(result, row.context, row.dim, men);
                b != nullptr && b->found) {
                c.exact = b->base;
            }
        }
        run.report(++finished / total, false);
        rows.push_back(c);
    }
    result.published = std::move(rows);
    const QString problem = storePublishedChecks(result.published);
    if (!problem.isEmpty()) {
        result.cacheProblem = problem;
    }
}

void runLandscape(BaseBoundRun& run, const rope::RopeParams& params,
                  const FigureOptions& options) {
    const long long context = params.context;
    const int dim = params.effectiveRotaryDim();
    if (!run.estimate(context, dim) || !run.minimal(context, dim)) {
        return;
    }
    run.report(0.1, true);
    if (static_cast<double>(context) * (dim / 2) <= kLandscapeThresholdWork &&
        !run.threshold(context, dim)) {
        return;
    }
    run.report(0.2, true);
    const LandscapeKey key = landscapeSetup(params, options, run.result()).key;
    BaseBoundResult& result = run.result();
    if (result.landscapeKey && *result.landscapeKey == key && result.landscapeDone) {
        return;
    }
    // In pieces along b, low to high, each handed over when done: the islands appear as they
    // are found (at L = 2^20 one base is a scan of 6.7·10^7 cosines, the picture minutes).
    // Piece c holds samples c·S … (c+1)·S of the whole log-spaced grid, both ends included,
    // so the grid is the same and every sign change between two neighbours lies inside one
    // piece, where core bisects it.
    result.landscapeKey = key;
    result.landscape = {};
    result.landscapeDone = false;
    const int intervals = key.samples - 1;
    const int pieces = std::clamp(intervals / 16, 1, kLandscapePieces);
    const double span = std::log(key.highBase / key.lowBase);
    for (int c = 0; c < pieces; ++c) {
        const int first = intervals * c / pieces;
        const int last = intervals * (c + 1) / pieces;
        rope::LandscapeOptions piece;
        piece.lowBase = c == 0 ? key.lowBase : key.lowBase * std::exp(span * first / intervals);
        piece.highBase =
            c + 1 == pieces ? key.highBase : key.lowBase * std::exp(span * last / intervals);
        piece.samples = last - first + 1;
        piece.extraBases = key.extraBases;
        piece.threads = 2;
        // The piece's progress, on this thread after each base, mapped into the job's.
        const rope::WorkControl pieceControl(
            run.control().flag(), [&run, c, pieces](double fraction) {
                run.report(0.2 + 0.8 * (c + fraction) / pieces, false);
            });
        rope::FeasibilityLandscape computed =
            rope::feasibilityLandscape(context, dim, piece, &pieceControl);
        std::vector<rope::LandscapePoint>& points = result.landscape.points;
        for (const rope::LandscapePoint& p : computed.points) {
            if (points.empty() || p.base > points.back().base) {
                points.push_back(p); // a piece's first base is the previous one's last
            }
        }
        if (computed.cancelled) {
            result.landscape.cancelled = true;
            return;
        }
        if (c + 1 < pieces) {
            run.report(0.2 + 0.8 * (c + 1) / pieces, true);
        }
    }
    result.landscapeDone = true;
}

std::shared_ptr<const JobResult> runBaseBound(const rope::RopeParams& params,
                                              const FigureOptions& options,
                                              const JobControl& control,
                                              const JobResult* previous) {
    auto result = std::make_shared<BaseBoundResult>();
    if (const auto* before = dynamic_cast<const BaseBoundResult*>(previous)) {
        *result = *before; // every search it holds is exact for its own arguments
    }
    result->inputs = baseBoundInputs(params, options);
    result->cancelled = false;
    result->cacheProblem.clear();
    BaseBoundRun run(control, result);
    const View view = viewOf(options);
    if (view == View::Curves) {
        runCurves(run, params, options);
    } else if (view == View::CosineSum) {
        if (OptionValues(baseBoundOptions(), options).toggle("min-base") &&
            run.estimate(params.context, params.effectiveRotaryDim())) {
            run.minimal(params.context, params.effectiveRotaryDim());
        }
    } else if (view == View::Published) {
        runPublished(run);
    } else if (view == View::Landscape) {
        runLandscape(run, params, options);
    }
    return run.finish();
}

} // namespace

// The whole figure in one call (rope-cli, exports, figureData()): a complete run, composed.
FigureData baseBoundFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const std::atomic<bool> never{false};
    const std::shared_ptr<const JobResult> results =
        runBaseBound(params, options, JobControl(never), nullptr);
    return composeBaseBound(params, options, results.get());
}

const FigureJob& baseBoundJob() {
    static const FigureJob job{
        .inputs = &baseBoundInputs, .run = &runBaseBound, .compose = &composeBaseBound};
    return job;
}


} // namespace rope::figures
