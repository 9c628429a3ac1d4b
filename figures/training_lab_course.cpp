// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The training lab's memo of finished runs (training_lab_memo.h) and the course's answers that
// train: each answer is the lab's own race, trained here on the calling thread (or recalled from
// the memo), so the number a course step judges is the number the panel shows once the step
// reveals it with the same options.
#include "figures/training_lab_memo.h"

#include "core/position_schemes.h"
#include "core/scaling/scaling_registry.h"
#include "figures/option_table.h"
#include "io/disk_cache.h"
#include "io/params_check.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <mutex>
#include <optional>
#include <string>

namespace rope::figures {

namespace {

struct Memo {
    std::mutex mutex;
    std::deque<std::shared_ptr<const TrainingLabRun>> runs; // oldest first
};

Memo& memo() {
    static Memo m;
    return m;
}

// The length and base views' experiments, newest last, at most kTrainingLabMemoExperiments of
// each kind; guarded by memo().mutex.
std::deque<std::shared_ptr<const TrainingLabLength>>& lengthMemo() {
    static std::deque<std::shared_ptr<const TrainingLabLength>> m;
    return m;
}

std::deque<std::shared_ptr<const TrainingLabBase>>& baseMemo() {
    static std::deque<std::shared_ptr<const TrainingLabBase>> m;
    return m;
}

template <typename T>
std::shared_ptr<const T> findExperiment(const std::deque<std::shared_ptr<const T>>& m,
                                        const QVariantMap& key) {
    for (const auto& e : m) {
        if (e->key == key) {
            return e;
        }
    }
    return nullptr;
}

template <typename T>
void rememberExperiment(std::deque<std::shared_ptr<const T>>& m,
                        const std::shared_ptr<const T>& e) {
    if (!e || !e->finished || findExperiment(m, e->key)) {
        return;
    }
    m.push_back(e);
    while (m.size() > static_cast<std::size_t>(kTrainingLabMemoExperiments)) {
        m.pop_front();
    }
}

std::shared_ptr<const TrainingLabRun> findLocked(const Memo& m, const QVariantMap& key) {
    for (const auto& run : m.runs) {
        if (run->key == key) {
            return run;
        }
    }
    return nullptr;
}

void rememberLocked(Memo& m, const std::shared_ptr<const TrainingLabRun>& run) {
    if (!run || run->accuracyByLength.empty() || findLocked(m, run->key)) {
        return; // unfinished, or known: the same key is the same run
    }
    m.runs.push_back(run);
    while (m.runs.size() > static_cast<std::size_t>(kTrainingLabMemoRuns)) {
        m.runs.pop_front();
    }
}

// A course answer's runs persist in the disk cache, so the rope-cli processes that compute the
// course (every `course --list`, every answer key) train each run once per machine, not once
// per process (10 s of CPU each). A stored run must be the run the trainer would give today:
// the file name hashes the run's key with trainerStamp(), the curve and held-out accuracy of a
// tiny fixed run, so any change to core/train that changes a number changes every name and old
// files are never read (they age out of the cache's size bound).
QString trainerStamp() {
    static const QString stamp = [] {
        rope::train::TrainOptions o;
        o.model.vocab = 16;
        o.model.layers = 1;
        o.model.dModel = 16;
        o.model.heads = 2;
        o.model.maxLength = 16;
        o.task.vocab = 16;
        o.length = 8;
        o.batch = 4;
        o.steps = 3;
        o.threads = 1;
        const rope::train::TrainRun run = rope::train::trainModel(o);
        QByteArray bytes = "training-lab-run-v1";
        for (const rope::train::CurvePoint& p : run.curve) {
            bytes += QByteArray::number(p.loss, 'g', 17) + ',' +
                     QByteArray::number(p.accuracy, 'g', 17) + ';';
        }
        bytes += QByteArray::number(
            rope::train::evaluate(run.model, o.task, 8, 4, o.seed, {}, 1).accuracy, 'g', 17);
        return QString::fromLatin1(
            QCryptographicHash::hash(bytes, QCryptographicHash::Sha1).toHex().left(16));
    }();
    return stamp;
}

QString diskKey(const QVariantMap& key) {
    const QByteArray text = QJsonDocument(QJsonObject::fromVariantMap(key)).toJson(
                                QJsonDocument::Compact) +
                            trainerStamp().toLatin1();
    return QStringLiteral("lab-run-%1.json")
        .arg(QString::fromLatin1(
            QCryptographicHash::hash(text, QCryptographicHash::Sha1).toHex().left(32)));
}

// The object stored under \p key (diskKey()), if any and if it was stored for this very key:
// the whole key is stored and compared, so a name collision is not taken for the entry.
std::optional<QJsonObject> readStoredObject(const QVariantMap& key) {
    const std::optional<QByteArray> bytes = io::DiskCache::standard().read(diskKey(key));
    if (!bytes) {
        return std::nullopt;
    }
    QJsonObject o = QJsonDocument::fromJson(*bytes).object();
    if (QJsonObject::fromVariantMap(key) != o.value(QStringLiteral("key")).toObject()) {
        return std::nullopt;
    }
    return o;
}

std::shared_ptr<const TrainingLabRun> readStoredRun(const QVariantMap& key,
                                                    const std::string& scheme, int seed) {
    const std::optional<QJsonObject> stored = readStoredObject(key);
    if (!stored) {
        return nullptr;
    }
    const QJsonObject& o = *stored;
    auto run = std::make_shared<TrainingLabRun>();
    run->key = key;
    run->scheme = scheme;
    run->seed = seed;
    for (const QJsonValue& v : o.value(QStringLiteral("curve")).toArray()) {
        const QJsonArray p = v.toArray();
        if (p.size() != 3) {
            return nullptr;
        }
        run->curve.push_back({p[0].toInt(), p[1].toDouble(), p[2].toDouble()});
    }
    for (const QJsonValue& v : o.value(QStringLiteral("accuracy")).toArray()) {
        run->accuracyByLength.push_back(v.toDouble());
    }
    if (run->curve.empty() || run->accuracyByLength.empty()) {
        return nullptr;
    }
    return run;
}

// Best effort: a cache that cannot be written costs only the time of training again.
void storeRun(const TrainingLabRun& run) {
    QJsonArray curve;
    for (const rope::train::CurvePoint& p : run.curve) {
        curve.append(QJsonArray{p.step, p.loss, p.accuracy});
    }
    QJsonArray accuracy;
    for (const double a : run.accuracyByLength) {
        accuracy.append(a);
    }
    const QJsonObject o{{QStringLiteral("key"), QJsonObject::fromVariantMap(run.key)},
                        {QStringLiteral("curve"), curve},
                        {QStringLiteral("accuracy"), accuracy}};
    io::DiskCache::standard().write(diskKey(run.key),
                                    QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// Arguments of the answer functions (course.cpp checks that each is present).
double number(const QVariantMap& args, const char* name) {
    bool ok = false;
    const double v = args.value(QLatin1String(name)).toDouble(&ok);
    if (!ok || !std::isfinite(v)) {
        throw rope::InvalidParameter(name, std::string("'") + name + "' must be a finite number");
    }
    return v;
}

int integer(const QVariantMap& args, const char* name) {
    const double v = number(args, name);
    if (v != std::floor(v) || std::abs(v) > 1e9) {
        throw rope::InvalidParameter(name, std::string("'") + name + "' must be an integer");
    }
    return static_cast<int>(v);
}

// The panel's race for an answer's arguments: the options a step's "reveal" sets, checked
// against the panel's table (the same ranges as its controls), defaults filled in.
TrainingLabSetup labSetup(const QVariantMap& args, const QString& schemes) {
    FigureOptions o;
    o.insert(QStringLiteral("task"), args.value(QStringLiteral("task")).toString());
    o.insert(QStringLiteral("schemes"), schemes);
    o.insert(QStringLiteral("seeds"), integer(args, "seeds"));
    o.insert(QStringLiteral("steps"), integer(args, "steps"));
    o.insert(QStringLiteral("length"), integer(args, "length"));
    o.insert(QStringLiteral("d-model"), QString::number(integer(args, "d-model")));
    o.insert(QStringLiteral("layers"), integer(args, "layers"));
    o.insert(QStringLiteral("base"), number(args, "base"));
    o.insert(QStringLiteral("run"), true);
    const OptionCheck check = checkOptions(QStringLiteral("training-lab"), trainingLabOptions(), o);
    if (!check.problems.isEmpty()) {
        throw rope::InvalidParameter("options",
                                     check.problems.join(QStringLiteral("; ")).toStdString());
    }
    return trainingLabSetup(withDefaults(trainingLabOptions(), check.accepted));
}

} // namespace

std::shared_ptr<const TrainingLabRun> rememberedTrainingLabRun(const QVariantMap& key) {
    Memo& m = memo();
    const std::lock_guard<std::mutex> lock(m.mutex);
    return findLocked(m, key);
}

void rememberTrainingLabRuns(const TrainingLabResult& result) {
    Memo& m = memo();
    const std::lock_guard<std::mutex> lock(m.mutex);
    for (const auto& run : result.runs) {
        rememberLocked(m, run);
    }
}

std::shared_ptr<const TrainingLabResult> trainingLabKnownRuns(const TrainingLabSetup& setup,
                                                              const JobResult* previous) {
    auto known = std::make_shared<TrainingLabResult>();
    if (const auto* before = dynamic_cast<const TrainingLabResult*>(previous)) {
        known->inputs = before->inputs;
        known->runs = before->runs;
    }
    Memo& m = memo();
    const std::lock_guard<std::mutex> lock(m.mutex);
    for (const std::string& scheme : setup.schemes) {
        for (int seed = 1; seed <= setup.seeds; ++seed) {
            const QVariantMap key = trainingLabRunKey(setup, scheme, seed);
            // Not twice: a result with "run" off hands every run it was given on, so a run
            // added again each time would pile up in the panel's result.
            const bool given = std::any_of(known->runs.begin(), known->runs.end(),
                                           [&key](const auto& run) { return run->key == key; });
            if (auto run = findLocked(m, key); run && !given) {
                known->runs.push_back(std::move(run));
            }
        }
    }
    return known;
}

std::shared_ptr<const TrainingLabRun> trainingLabRunHere(const TrainingLabSetup& setup,
                                                         const std::string& scheme, int seed) {
    const QVariantMap key = trainingLabRunKey(setup, scheme, seed);
    if (auto run = rememberedTrainingLabRun(key)) {
        return run;
    }
    if (auto stored = readStoredRun(key, scheme, seed)) {
        Memo& m = memo();
        const std::lock_guard<std::mutex> lock(m.mutex);
        if (auto first = findLocked(m, key)) {
            return first;
        }
        rememberLocked(m, stored);
        return stored;
    }
    // As runTrainingLab() trains one run, with one thread: parallelFor then starts none.
    rope::train::TrainOptions o = setup.train;
    o.model.scheme = rope::parsePositionScheme(scheme);
    o.seed = static_cast<std::uint64_t>(seed);
    o.threads = 1;
    auto run = std::make_shared<TrainingLabRun>();
    run->key = key;
    run->scheme = scheme;
    run->seed = seed;
    const rope::train::TrainRun trained = rope::train::trainModel(o);
    run->curve = trained.curve;
    for (int length : setup.testLengths) {
        run->accuracyByLength.push_back(rope::train::evaluate(trained.model, o.task, length,
                                                              kTrainingLabEvalSequences, o.seed, {},
                                                              o.threads)
                                            .accuracy);
    }
    storeRun(*run);
    Memo& m = memo();
    const std::lock_guard<std::mutex> lock(m.mutex);
    // Another thread may have trained the same key meanwhile: keep the first (they are equal).
    if (auto first = findLocked(m, key)) {
        return first;
    }
    rememberLocked(m, run);
    return run;
}

void forgetTrainingLabRuns() {
    Memo& m = memo();
    const std::lock_guard<std::mutex> lock(m.mutex);
    m.runs.clear();
    lengthMemo().clear();
    baseMemo().clear();
}

std::shared_ptr<const TrainingLabLength> rememberedTrainingLabLength(const QVariantMap& key) {
    const std::lock_guard<std::mutex> lock(memo().mutex);
    return findExperiment(lengthMemo(), key);
}

std::shared_ptr<const TrainingLabBase> rememberedTrainingLabBase(const QVariantMap& key) {
    const std::lock_guard<std::mutex> lock(memo().mutex);
    return findExperiment(baseMemo(), key);
}

void rememberTrainingLabLength(const std::shared_ptr<const TrainingLabLength>& experiment) {
    const std::lock_guard<std::mutex> lock(memo().mutex);
    rememberExperiment(lengthMemo(), experiment);
}

void rememberTrainingLabBase(const std::shared_ptr<const TrainingLabBase>& experiment) {
    const std::lock_guard<std::mutex> lock(memo().mutex);
    rememberExperiment(baseMemo(), experiment);
}

namespace {

// A length experiment in the disk cache, as a run (diskKey(): its key and the trainer's stamp):
// the rows' scheme, seed, method, fine-tuned flag and accuracies, and the test lengths.
std::shared_ptr<const TrainingLabLength> readStoredLength(const QVariantMap& key) {
    const std::optional<QJsonObject> stored = readStoredObject(key);
    if (!stored) {
        return nullptr;
    }
    const QJsonObject& o = *stored;
    auto e = std::make_shared<TrainingLabLength>();
    e->key = key;
    e->finished = true;
    for (const QJsonValue& t : o.value(QStringLiteral("test_lengths")).toArray()) {
        e->result.testLengths.push_back(t.toInt());
    }
    e->result.fineTuneLength = o.value(QStringLiteral("finetune_length")).toInt();
    try {
        for (const QJsonValue& v : o.value(QStringLiteral("rows")).toArray()) {
            const QJsonObject row = v.toObject();
            rope::train::LengthRow r;
            r.scheme = rope::parsePositionScheme(
                row.value(QStringLiteral("scheme")).toString().toStdString());
            r.seed = static_cast<std::uint64_t>(row.value(QStringLiteral("seed")).toInteger());
            r.method =
                rope::scalingMethod(row.value(QStringLiteral("method")).toString().toStdString())
                    .kind;
            r.fineTuned = row.value(QStringLiteral("fine_tuned")).toBool();
            for (const QJsonValue& a : row.value(QStringLiteral("accuracy")).toArray()) {
                r.accuracy.push_back(a.toDouble());
            }
            if (r.accuracy.size() != e->result.testLengths.size()) {
                return nullptr;
            }
            e->result.rows.push_back(std::move(r));
        }
    } catch (const rope::InvalidParameter&) {
        return nullptr; // a scheme id this build does not know: not our file
    }
    if (e->result.rows.empty()) {
        return nullptr;
    }
    return e;
}

void storeLength(const TrainingLabLength& e) {
    QJsonArray lengths;
    for (int t : e.result.testLengths) {
        lengths.append(t);
    }
    QJsonArray rows;
    for (const rope::train::LengthRow& r : e.result.rows) {
        QJsonArray accuracy;
        for (double a : r.accuracy) {
            accuracy.append(a);
        }
        rows.append(QJsonObject{
            {QStringLiteral("scheme"), QString::fromLatin1(rope::positionSchemeId(r.scheme))},
            {QStringLiteral("seed"), static_cast<qint64>(r.seed)},
            {QStringLiteral("method"), rope::io::scalingIdText(r.method)},
            {QStringLiteral("fine_tuned"), r.fineTuned},
            {QStringLiteral("accuracy"), accuracy}});
    }
    const QJsonObject o{{QStringLiteral("key"), QJsonObject::fromVariantMap(e.key)},
                        {QStringLiteral("test_lengths"), lengths},
                        {QStringLiteral("finetune_length"), e.result.fineTuneLength},
                        {QStringLiteral("rows"), rows}};
    io::DiskCache::standard().write(diskKey(e.key),
                                    QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace

std::shared_ptr<const TrainingLabLength>
trainingLabLengthHere(const rope::train::LengthOptions& resolved) {
    const QVariantMap key = trainingLabLengthKey(resolved);
    if (auto known = rememberedTrainingLabLength(key)) {
        return known;
    }
    if (auto stored = readStoredLength(key)) {
        rememberTrainingLabLength(stored);
        return rememberedTrainingLabLength(key);
    }
    // One thread, the calling one (as trainingLabRunHere()): the same numbers at any count.
    rope::train::LengthOptions o = resolved;
    o.train.threads = 1;
    auto e = std::make_shared<TrainingLabLength>();
    e->key = key;
    e->result = rope::train::runLengthExperiment(o);
    e->finished = true;
    storeLength(*e);
    rememberTrainingLabLength(e);
    return rememberedTrainingLabLength(key);
}

// The course's answer functions (their table is in course.cpp).

double courseLabFirstToAccuracy(const QVariantMap& args) {
    // Index in "schemes" of the scheme whose seeds reach the accuracy first on average: for each
    // scheme the mean over its seeds of the first step whose batch accuracy is ≥ the target (the
    // panel's "steps to 99 %"), a seed that never reaches it counting as steps + 1, so it is
    // behind every seed that does. A scheme none of whose seeds reaches it cannot win; −1 when
    // no scheme's seed reaches it. A tie goes to the scheme listed first.
    const double target = number(args, "accuracy");
    if (!(target > 0 && target <= 1)) {
        throw rope::InvalidParameter("accuracy", "'accuracy' must be in (0, 1]");
    }
    const TrainingLabSetup setup = labSetup(args, args.value(QStringLiteral("schemes")).toString());
    double best = std::numeric_limits<double>::infinity();
    int winner = -1;
    for (std::size_t j = 0; j < setup.schemes.size(); ++j) {
        long double sum = 0;
        bool reached = false;
        for (int seed = 1; seed <= setup.seeds; ++seed) {
            const int at = trainingLabStepsTo(
                trainingLabRunHere(setup, setup.schemes[j], seed)->curve, target);
            reached = reached || at > 0;
            sum += at > 0 ? at : setup.train.steps + 1;
        }
        const double mean = static_cast<double>(sum / setup.seeds);
        if (reached && mean < best) {
            best = mean;
            winner = static_cast<int>(j);
        }
    }
    return winner;
}

double courseLabAccuracyAtLength(const QVariantMap& args) {
    // Mean over the seeds of one scheme's held-out accuracy at multiple × L, summed in long
    // double as the panel's readout "accuracy at 4L" and its side plot average the seeds.
    const int multiple = integer(args, "multiple");
    if (multiple < 1 || multiple > kTrainingLabLengthMultiples) {
        throw rope::InvalidParameter("multiple",
                                     "'multiple' must be 1 … 4 (the lab tests at L … 4L)");
    }
    const TrainingLabSetup setup = labSetup(args, args.value(QStringLiteral("scheme")).toString());
    if (setup.schemes.size() != 1) {
        throw rope::InvalidParameter("scheme", "'scheme' must name one position scheme");
    }
    long double sum = 0;
    for (int seed = 1; seed <= setup.seeds; ++seed) {
        sum += trainingLabRunHere(setup, setup.schemes[0], seed)
                   ->accuracyByLength[static_cast<std::size_t>(multiple - 1)];
    }
    return static_cast<double>(sum / setup.seeds);
}

double courseLabLengthGain(const QVariantMap& args) {
    // What a test-time scaling (or a fine-tune with it) changes at multiple × L: the mean over
    // the seeds of RoPE's held-out accuracy with the method, minus the mean of the same models
    // unscaled and not fine-tuned (the length view's "RoPE, no scaling"), both as the length
    // view's side plot averages the seeds. Positive: the method helps.
    const int multiple = integer(args, "multiple");
    if (multiple < 2 || multiple > kTrainingLabLengthMultiples) {
        throw rope::InvalidParameter("multiple",
                                     "'multiple' must be 2 … 4 (scaling applies beyond L)");
    }
    const std::string methodId = args.value(QStringLiteral("method")).toString().toStdString();
    const std::optional<rope::ScalingKind> method = rope::parseScalingKind(methodId);
    const bool fineTuned = integer(args, "fine-tuned") != 0;
    FigureOptions o;
    o.insert(QStringLiteral("view"), QStringLiteral("length"));
    o.insert(QStringLiteral("task"), args.value(QStringLiteral("task")).toString());
    o.insert(QStringLiteral("schemes"), QStringLiteral("rope"));
    o.insert(QStringLiteral("seeds"), integer(args, "seeds"));
    o.insert(QStringLiteral("steps"), integer(args, "steps"));
    o.insert(QStringLiteral("length"), integer(args, "length"));
    o.insert(QStringLiteral("d-model"), QString::number(integer(args, "d-model")));
    o.insert(QStringLiteral("layers"), integer(args, "layers"));
    o.insert(QStringLiteral("base"), number(args, "base"));
    o.insert(QStringLiteral("finetune-steps"), integer(args, "finetune-steps"));
    o.insert(QStringLiteral("run"), true);
    const OptionCheck check = checkOptions(QStringLiteral("training-lab"), trainingLabOptions(), o);
    if (!check.problems.isEmpty()) {
        throw rope::InvalidParameter("options",
                                     check.problems.join(QStringLiteral("; ")).toStdString());
    }
    const rope::train::LengthOptions lo =
        trainingLabLengthOptions(withDefaults(trainingLabOptions(), check.accepted));
    if (!method || (std::find(lo.methods.begin(), lo.methods.end(), *method) == lo.methods.end() &&
                    !(*method == rope::ScalingKind::Default && fineTuned))) {
        throw rope::InvalidParameter("method", "'method' must be linear, ntk, dynamic or yarn "
                                               "(or default with fine-tuned 1), got '" +
                                                   methodId + "'");
    }
    if (fineTuned && lo.fineTuneSteps == 0) {
        throw rope::InvalidParameter("fine-tuned", "'fine-tuned' 1 needs 'finetune-steps' above 0");
    }
    const std::shared_ptr<const TrainingLabLength> e = trainingLabLengthHere(lo);
    const rope::train::LengthResult& r = e->result;
    const auto at =
        std::find(r.testLengths.begin(), r.testLengths.end(), multiple * lo.train.length);
    const auto k = static_cast<std::size_t>(at - r.testLengths.begin());
    long double with = 0, without = 0;
    int n = 0, m = 0;
    for (const rope::train::LengthRow& row : r.rows) {
        if (row.method == *method && row.fineTuned == fineTuned) {
            with += row.accuracy[k];
            ++n;
        }
        if (row.method == rope::ScalingKind::Default && !row.fineTuned) {
            without += row.accuracy[k];
            ++m;
        }
    }
    return static_cast<double>(with / n - without / m);
}

} // namespace rope::figures
