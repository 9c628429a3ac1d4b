// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/param_fields.h"
#include "core/scaling/scaling_fields.h"
#include "tests/test_support.h"
#include "ui/explorer_state.h"
#include "ui/parameter_form.h"
#include "ui/slider_spin_box.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>

#include <cmath>

// ParameterForm: each control reaches ExplorerState, refused values show core's reason inline and
// leave the state unchanged, accepted values persist in QSettings under the rope-cli ids, and
// Reset restores RopeParams{}. The log slider maps its ends to the documented range.
class TestParameterForm : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("rope-explorer-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_parameter_form"));
    }
    void init() { QSettings().clear(); }

    void eachControlReachesTheState_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("value");
        QTest::newRow("dim") << "dim" << 96.0;
        QTest::newRow("rotary-dim") << "rotary-dim" << 64.0;
        QTest::newRow("base") << "base" << 500000.0;
        QTest::newRow("m") << "m" << 17.0;
        QTest::newRow("n") << "n" << 4000.0;
        QTest::newRow("context") << "context" << 131072.0;
    }
    void eachControlReachesTheState() {
        QFETCH(QString, id);
        QFETCH(double, value);
        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, false);
        QSignalSpy changed(&state, &rope::ui::ExplorerState::paramsChanged);
        form.control(id)->spinBox()->setValue(value);
        QCOMPARE(changed.count(), 1);
        const rope::RopeParams& p = state.params();
        const double got = id == QLatin1String("dim")          ? p.headDim
                           : id == QLatin1String("rotary-dim") ? p.rotaryDim
                           : id == QLatin1String("base")       ? p.base
                           : id == QLatin1String("m")          ? static_cast<double>(p.m)
                           : id == QLatin1String("n")          ? static_cast<double>(p.n)
                                                               : static_cast<double>(p.context);
        QCOMPARE(got, value);
    }

    // One row per base parameter of the core's table (core/param_fields.h), named by its id
    // (the objectName tests and the GUI monkey use), labelled with the table's label, and
    // persisted under its session key: every row, set to a value away from its default, comes
    // back in a new form.
    void everyBaseParameterHasOneRow() {
        QSettings().clear();
        {
            rope::ui::ExplorerState state;
            rope::ui::ParameterForm form(state, true);
            for (const rope::ParamField& f : rope::paramFields()) {
                const QString id =
                    QString::fromUtf8(f.id.data(), static_cast<qsizetype>(f.id.size()));
                rope::ui::SliderSpinBox* control = form.control(id);
                QVERIFY2(control != nullptr, qPrintable(id));
                QCOMPARE(control->objectName(), id);
                QCOMPARE(control->spinBox()->accessibleName(),
                         QString::fromUtf8(f.label).remove(QLatin1Char('&')));
                QVERIFY(form.isRowVisible(id));
            }
            // rotary dim 32 of d = 64, b = 5e5, m = 11, n = 22, L = 2048.
            form.control(QStringLiteral("dim"))->spinBox()->setValue(64);
            form.control(QStringLiteral("rotary-dim"))->spinBox()->setValue(32);
            form.control(QStringLiteral("base"))->spinBox()->setValue(500000);
            form.control(QStringLiteral("context"))->spinBox()->setValue(2048);
            form.control(QStringLiteral("m"))->spinBox()->setValue(11);
            form.control(QStringLiteral("n"))->spinBox()->setValue(22);
            QCOMPARE(state.params().rotaryDim, 32);
            QCOMPARE(state.params().effectiveRotaryDim(), 32);
        }
        QCOMPARE(QSettings().value(QStringLiteral("parameters/rotary-dim")).toInt(), 32);
        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, true);
        const rope::RopeParams& p = state.params();
        QCOMPARE(p.headDim, 64);
        QCOMPARE(p.rotaryDim, 32);
        QCOMPARE(p.base, 500000.0);
        QCOMPARE(p.context, 2048LL);
        QCOMPARE(p.m, 11LL);
        QCOMPARE(p.n, 22LL);
        // A rotary dim above d is refused with core's reason; 0 ("all") always fits.
        form.control(QStringLiteral("rotary-dim"))->spinBox()->setValue(66);
        QCOMPARE(state.params().rotaryDim, 32);
        form.control(QStringLiteral("rotary-dim"))->spinBox()->setValue(0);
        QCOMPARE(state.params().rotaryDim, 0);
        QCOMPARE(form.control(QStringLiteral("rotary-dim"))->spinBox()->text(),
                 QStringLiteral("all (= d)"));
    }

    void logSliderEndsAreTheRangeEnds() {
        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, false);
        rope::ui::SliderSpinBox* context = form.control(QStringLiteral("context"));
        context->slider()->setValue(context->slider()->minimum());
        QCOMPARE(state.params().context, 64LL);
        context->slider()->setValue(context->slider()->maximum());
        QCOMPARE(state.params().context, 1048576LL);
        // The log midpoint of [64, 2^20] is sqrt(64·2^20) = 8192.
        context->slider()->setValue((context->slider()->minimum() + context->slider()->maximum()) /
                                    2);
        QCOMPARE(state.params().context, 8192LL);
    }

    void dimensionSnapsToEven() {
        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, false);
        form.control(QStringLiteral("dim"))->spinBox()->setValue(63);
        QCOMPARE(state.params().headDim % 2, 0);
    }

    void layoutComboSetsTheLayout() {
        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, false);
        form.layoutCombo()->setCurrentIndex(1);
        QCOMPARE(state.params().layout, rope::Layout::Half);
        form.layoutCombo()->setCurrentIndex(0);
        QCOMPARE(state.params().layout, rope::Layout::Interleaved);
    }

    void refusedValueShowsTheReasonInline() {
        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, false);
        form.methodCombo()->setCurrentIndex(form.methodCombo()->findData(QStringLiteral("yarn")));
        QCOMPARE(state.params().scaling.method, rope::ScalingKind::Yarn);
        const double before = state.params().scaling.betaSlow;
        // beta_slow above beta_fast (32) is refused by core's YaRN checks.
        form.control(QStringLiteral("beta-slow"))->spinBox()->setValue(40);
        QCOMPARE(state.params().scaling.betaSlow, before);
        auto* message = form.findChild<QLabel*>(QStringLiteral("validation-message"));
        QVERIFY(message != nullptr);
        QVERIFY2(message->text().contains(QStringLiteral("beta")), qPrintable(message->text()));
        form.control(QStringLiteral("beta-slow"))->spinBox()->setValue(2);
        QCOMPARE(state.params().scaling.betaSlow, 2.0);
        QVERIFY(message->text().isEmpty());
    }

    void valuesPersistBetweenRuns() {
        {
            rope::ui::ExplorerState state;
            rope::ui::ParameterForm form(state, true);
            form.control(QStringLiteral("base"))->spinBox()->setValue(123456);
            form.methodCombo()->setCurrentIndex(
                form.methodCombo()->findData(QStringLiteral("linear")));
            form.control(QStringLiteral("factor"))->spinBox()->setValue(4);
        }
        QCOMPARE(QSettings().value(QStringLiteral("parameters/base")).toDouble(), 123456.0);
        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, true);
        QCOMPARE(state.params().base, 123456.0);
        QCOMPARE(state.params().scaling.method, rope::ScalingKind::Linear);
        QCOMPARE(state.params().scaling.factor, 4.0);
        QCOMPARE(form.control(QStringLiteral("base"))->value(), 123456.0);
    }

    void resetRestoresDefaults() {
        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, false);
        form.control(QStringLiteral("base"))->spinBox()->setValue(777);
        form.reset();
        const rope::RopeParams defaults;
        QCOMPARE(state.params().base, defaults.base);
        QCOMPARE(form.control(QStringLiteral("base"))->value(), defaults.base);
    }

    void stateChangesUpdateTheControls() {
        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, false);
        rope::RopeParams p = state.params();
        p.m = 999;
        QVERIFY(state.setParams(p)); // e.g. the rotation panel's animation
        QCOMPARE(form.control(QStringLiteral("m"))->value(), 999.0);
    }

    // The form has no controls for LongRoPE's factor lists; editing another field must keep
    // them (and the method) rather than rebuild the scaling from the visible controls only.
    void longRopeListsSurviveFormEdits() {
        rope::ui::ExplorerState state;
        rope::RopeParams p;
        p.headDim = 8;
        p.scaling.method = rope::ScalingKind::LongRope;
        p.scaling.factor = 32.0;
        p.scaling.originalContext = 4096;
        p.scaling.shortFactor = {1.0, 1.5, 2.0, 2.5};
        p.scaling.longFactor = {1.0, 4.0, 16.0, 64.0};
        QVERIFY(state.setParams(p));
        rope::ui::ParameterForm form(state, false);
        form.control(QStringLiteral("base"))->spinBox()->setValue(500000.0);
        QCOMPARE(state.params().base, 500000.0);
        QCOMPARE(state.params().scaling.method, rope::ScalingKind::LongRope);
        QCOMPARE(state.params().scaling.shortFactor, p.scaling.shortFactor);
        QCOMPARE(state.params().scaling.longFactor, p.scaling.longFactor);
        QCOMPARE(state.params().scaling.factor, 32.0);
        // Only the lists differ: still a change the state must announce.
        QSignalSpy changed(&state, &rope::ui::ExplorerState::paramsChanged);
        rope::RopeParams q = state.params();
        q.scaling.longFactor[3] = 32.0;
        QVERIFY(state.setParams(q));
        QCOMPARE(changed.count(), 1);
    }

    // Picked by hand (no config loaded), LongRoPE gets neutral divisors: d/2 = 64 ones each.
    void longRopePickedByHandStartsNeutral() {
        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, false);
        QComboBox* combo = form.methodCombo();
        combo->setCurrentIndex(combo->findData(QStringLiteral("longrope")));
        QCOMPARE(state.params().scaling.method, rope::ScalingKind::LongRope);
        QCOMPARE(state.params().scaling.shortFactor, std::vector<double>(64, 1.0));
        QCOMPARE(state.params().scaling.longFactor, std::vector<double>(64, 1.0));
    }

    // The form's rows come from the core's field table: every field but the LongRoPE lists
    // has exactly one row, and each row edits the member it names (set a distinctive value
    // through the state, read it back from the control).
    void everyScalingFieldHasOneRow() {
        QStringList rows;
        for (std::string_view id : rope::ui::ParameterForm::scalingRowIds()) {
            rows << QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size()));
        }
        QStringList expected;
        for (const rope::ScalingField& f : rope::scalingFields()) {
            if (f.kind != rope::ScalingFieldKind::List) {
                expected << QString::fromUtf8(f.id.data(), static_cast<qsizetype>(f.id.size()));
            }
        }
        QCOMPARE(rows, expected);

        rope::ui::ExplorerState state;
        rope::ui::ParameterForm form(state, false);
        rope::RopeParams p;
        p.scaling.method = rope::ScalingKind::Yarn;
        p.scaling.factor = 8.0;
        p.scaling.originalContext = 8192;
        p.scaling.betaFast = 40.0;
        p.scaling.betaSlow = 2.0;
        p.scaling.mscale = 0.5;
        p.scaling.mscaleAllDim = 0.75;
        p.scaling.attentionFactor = 1.25;
        p.scaling.truncate = false;
        QVERIFY(state.setParams(p));
        QCOMPARE(form.control(QStringLiteral("factor"))->value(), 8.0);
        QCOMPARE(form.control(QStringLiteral("original-context"))->value(), 8192.0);
        QCOMPARE(form.control(QStringLiteral("beta-fast"))->value(), 40.0);
        QCOMPARE(form.control(QStringLiteral("beta-slow"))->value(), 2.0);
        QCOMPARE(form.control(QStringLiteral("mscale"))->value(), 0.5);
        QCOMPARE(form.control(QStringLiteral("mscale-all-dim"))->value(), 0.75);
        QCOMPARE(form.control(QStringLiteral("attention-factor"))->value(), 1.25);
        QVERIFY(!form.truncateBox()->isChecked());
        form.truncateBox()->setChecked(true);
        QVERIFY(state.params().scaling.truncate);
        QCOMPARE(state.params().scaling.mscaleAllDim, 0.75);
    }
};

QTEST_MAIN(TestParameterForm)
#include "tst_parameter_form.moc"
