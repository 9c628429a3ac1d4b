// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The course's answers about the training lab: each trains the race its arguments describe
// (the panel's options: task, seeds, steps, length, d-model, layers, base, and the schemes)
// and reads one number off it, so an answer is what the panel shows for the step's settings.
#include "figures/training_lab.h"

#include "figures/option_table.h"

#include <QStringList>

#include <list>
#include <mutex>

namespace rope::figures {

namespace {

// The race's options from an answer's arguments, checked by the panel's own table (a bad value
// is refused as `--set` refuses it).
FigureOptions raceOptions(const QVariantMap& args, const QString& schemes) {
    FigureOptions options;
    for (const char* key : {"task", "seeds", "steps", "length", "d-model", "layers", "base"}) {
        const QString id = QString::fromLatin1(key);
        const OptionSpec* spec = findOption(trainingLabOptions(), id);
        try {
            options.insert(id, checkOptionValue(*spec, args.value(id)));
        } catch (const OptionError& e) {
            throw rope::InvalidParameter(key, e.what());
        }
    }
    options.insert(QStringLiteral("schemes"), schemes);
    return withDefaults(trainingLabOptions(), options);
}

// A course step's answer is asked for many times (the pane, every hint, rope-cli course), and
// each would train the race again: seconds of CPU. A race depends on its options alone (core's
// training is bitwise the same at any thread count), so the last few races are kept here. Like
// the lessons' numbers (figures/lessons.cpp) it is a memo of constants: every access holds the
// mutex, and it is never destroyed, so a worker still running at exit cannot reach a freed one.
struct RaceMemo {
    std::mutex mutex;
    std::list<std::pair<QVariantMap, std::shared_ptr<const TrainingLabResult>>> races;
};
constexpr std::size_t kRacesKept = 8;

std::shared_ptr<const TrainingLabResult> race(const FigureOptions& options) {
    static RaceMemo* const memo = new RaceMemo; // never destroyed, see above
    const QVariantMap key = trainingLabJob().inputs({}, options);
    {
        const std::lock_guard lock(memo->mutex);
        for (const auto& [k, result] : memo->races) {
            if (k == key) {
                return result;
            }
        }
    }
    const std::atomic<bool> never{false};
    std::shared_ptr<const TrainingLabResult> result =
        runTrainingLab({}, options, JobControl(never), nullptr);
    const std::lock_guard lock(memo->mutex);
    memo->races.emplace_front(key, result);
    if (memo->races.size() > kRacesKept) {
        memo->races.pop_back();
    }
    return result;
}

QString text(const QVariantMap& args, const char* key) {
    return args.value(QString::fromLatin1(key)).toString();
}

// The runs of one scheme of the race (all seeds).
std::vector<const TrainingLabRun*>
runsOf(const FigureOptions& options, const TrainingLabResult& result, const std::string& scheme) {
    const TrainingLabSetup setup = trainingLabSetup(options);
    const auto byScheme = trainingLabRunsByScheme(setup, result);
    for (std::size_t j = 0; j < setup.schemes.size(); ++j) {
        if (setup.schemes[j] == scheme) {
            return byScheme[j];
        }
    }
    return {};
}

// Mean held-out accuracy of \p scheme at multiple·L over the seeds.
double meanAccuracyAt(const QVariantMap& args, const QString& scheme, int multiple) {
    if (multiple < 1 || multiple > kTrainingLabLengthMultiples) {
        throw rope::InvalidParameter("multiple", "multiple must be 1 … 4 (test length multiple·L)");
    }
    const FigureOptions options = raceOptions(args, scheme);
    const auto result = race(options);
    const auto runs = runsOf(options, *result, scheme.toStdString());
    long double sum = 0;
    for (const TrainingLabRun* run : runs) {
        sum += run->accuracyByLength[static_cast<std::size_t>(multiple - 1)];
    }
    return static_cast<double>(sum / static_cast<long double>(runs.size()));
}

} // namespace

double trainingLabFastestScheme(const QVariantMap& args) {
    // The index (0-based, in the listed order) of the scheme whose mean steps to 99 % is the
    // smallest, a seed that never gets there counting as steps + 1; −1 when none gets there.
    const FigureOptions options = raceOptions(args, text(args, "schemes"));
    const TrainingLabSetup setup = trainingLabSetup(options);
    const auto result = race(options);
    const auto byScheme = trainingLabRunsByScheme(setup, *result);
    int best = -1;
    double bestMean = 0;
    for (std::size_t j = 0; j < byScheme.size(); ++j) {
        long double sum = 0;
        bool any = false;
        for (const TrainingLabRun* run : byScheme[j]) {
            const int at = trainingLabStepsTo(run->curve, 0.99);
            any = any || at > 0;
            sum += at > 0 ? at : setup.train.steps + 1;
        }
        const double mean = static_cast<double>(sum / byScheme[j].size());
        if (any && (best < 0 || mean < bestMean)) {
            best = static_cast<int>(j);
            bestMean = mean;
        }
    }
    return best;
}

double trainingLabSeedsReaching(const QVariantMap& args) {
    // How many seeds of the scheme reach 99 % accuracy on a training batch within the steps.
    const QString scheme = text(args, "scheme");
    const FigureOptions options = raceOptions(args, scheme);
    const auto result = race(options);
    int count = 0;
    for (const TrainingLabRun* run : runsOf(options, *result, scheme.toStdString())) {
        count += trainingLabStepsTo(run->curve, 0.99) > 0 ? 1 : 0;
    }
    return count;
}

double trainingLabAccuracy(const QVariantMap& args) {
    return meanAccuracyAt(args, text(args, "scheme"),
                          static_cast<int>(args.value(QStringLiteral("multiple")).toDouble()));
}

double trainingLabAccuracyGap(const QVariantMap& args) {
    // Mean accuracy of "scheme" minus that of "other" at multiple·L.
    const int multiple = static_cast<int>(args.value(QStringLiteral("multiple")).toDouble());
    return meanAccuracyAt(args, text(args, "scheme"), multiple) -
           meanAccuracyAt(args, text(args, "other"), multiple);
}

} // namespace rope::figures
