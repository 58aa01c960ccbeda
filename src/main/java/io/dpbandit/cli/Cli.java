package io.dpbandit.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * What every command of the jar shares: one picocli configuration (enum values in any case, numbers
 * finite, the last of a repeated option wins, option sections in {@code --help}), one way to report
 * a usage error (exit code 2: a one-line message, suggestions, the synopsis), one way to report a
 * failure (exit code 1), the version and the rule that tells a Spring Boot property argument from an
 * unknown option.
 */
public final class Cli {

    /** Exit code of a command line that cannot run as given (picocli's default for its usage errors). */
    public static final int USAGE = 2;

    /** Exit code of a command that was understood but failed. */
    public static final int FAILED = 1;

    /** {@code --name=value} with a dot in the name: how Spring Boot properties are passed. */
    private static final Pattern SPRING_PROPERTY = Pattern.compile("--[^-=\\s][^=\\s]*\\.[^=\\s]*=.*",
            Pattern.DOTALL);

    private Cli() {
    }

    /**
     * Whether {@code arg} is a Spring Boot property for the service: {@code --name=value} whose name
     * contains a dot ({@code --server.port=8081}, {@code --dpbandit.embedded-postgres.data-directory=}).
     * Spring property names always do; no option of the jar does, so no typo is taken for one.
     */
    public static boolean isSpringProperty(String arg) {
        return SPRING_PROPERTY.matcher(arg).matches();
    }

    /**
     * A parser for {@code command} and its subcommands: enum values are accepted in any case
     * ({@code --composition parallel}), a decimal number must be finite, and an option given twice
     * takes the last value (the bench scripts add {@code --seeds N} to a command line that has one).
     * The subcommands are added before the settings because picocli applies them only to the
     * commands present.
     */
    public static CommandLine parser(Object command, Object... subcommands) {
        CommandLine cl = new CommandLine(command);
        for (Object sub : subcommands) {
            cl.addSubcommand(sub);
        }
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setOverwrittenOptionsAllowed(true);
        cl.registerConverter(Double.class, Cli::finite);
        cl.registerConverter(double.class, Cli::finite);
        listOptionsBySection(cl);
        return cl;
    }

    private static void listOptionsBySection(CommandLine cl) {
        cl.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, Cli::optionsBySection);
        cl.getSubcommands().values().forEach(Cli::listOptionsBySection);
    }

    /**
     * The heading under which {@code --help} lists the options of a {@code @Mixin} class: a set of
     * options shared or kept apart (GP-UCB's, CAPRI's refinements) gets its own section. Mixins
     * rather than picocli's {@code @ArgGroup} sections, because a group starts a new, otherwise
     * empty instance when one of its options is repeated, silently dropping the others.
     */
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE)
    @java.lang.annotation.Inherited
    public @interface Section {
        String value();

        /** Where the section comes among the command's sections: by this number, then in the order added. */
        int order() default 0;
    }

    /**
     * The option list: the command's own options (--help and --version last, wherever a mixin added
     * after them put its options), then one section per {@link Section} mixin, by its order.
     */
    private static String optionsBySection(Help help) {
        CommandSpec spec = help.commandSpec();
        Set<OptionSpec> inSections = new HashSet<>();
        StringBuilder sections = new StringBuilder();
        List<CommandSpec> mixins = spec.mixins().values().stream()
                .filter(m -> m.userObject().getClass().getAnnotation(Section.class) != null)
                .sorted(java.util.Comparator.comparingInt(m -> m.userObject().getClass().getAnnotation(Section.class)
                        .order()))
                .toList();
        for (CommandSpec mixin : mixins) {
            Section section = mixin.userObject().getClass().getAnnotation(Section.class);
            inSections.addAll(mixin.options());
            sections.append(help.createHeading("%n" + section.value() + "%n"))
                    .append(help.optionListExcludingGroups(mixin.options()));
        }
        List<OptionSpec> own = spec.options().stream().filter(o -> !inSections.contains(o))
                .sorted(java.util.Comparator.comparing(o -> o.usageHelp() || o.versionHelp())).toList();
        return help.optionListExcludingGroups(own) + sections;
    }

    /**
     * Runs the command line with output on {@code out} and messages on {@code err}; returns the exit
     * code: 0 done (or help shown), {@link #USAGE} for arguments that cannot run (a
     * {@link ParameterException}, or an {@link IllegalArgumentException} from the command: a
     * combination the logic refuses), {@link #FAILED} for anything else.
     */
    public static int execute(CommandLine cl, String[] args, PrintStream out, PrintStream err) {
        cl.setOut(writer(out));
        cl.setErr(writer(err));
        cl.setParameterExceptionHandler(Cli::usageError);
        cl.setExecutionExceptionHandler((e, command, parsed) -> failure(e, command));
        return cl.execute(args);
    }

    /** Writes through {@code stream}, so that its own charset encodes the text (Java 17 cannot ask for it). */
    private static PrintWriter writer(PrintStream stream) {
        return new PrintWriter(new Writer() {
            @Override
            public void write(char[] text, int offset, int length) {
                stream.print(String.valueOf(text, offset, length));
            }

            @Override
            public void flush() {
                stream.flush();
            }

            @Override
            public void close() {
                stream.flush();
            }
        }, true);
    }

    /**
     * Fills {@code options} (a class of {@code @Option} fields) from name → value pairs, the names
     * without dashes; pairs that are not its options are ignored. For callers that hold options as
     * a map ({@code WorldPlanner}, {@code GpUcbSettings.defaults()}); a bad value is an
     * {@link IllegalArgumentException} naming the option.
     */
    public static <T> T parseMap(T options, Map<String, String> values) {
        CommandLine cl = parser(options);
        List<String> args = new ArrayList<>();
        values.forEach((name, value) -> {
            if (cl.getCommandSpec().findOption("--" + name) != null) {
                args.add("--" + name + "=" + value);
            }
        });
        try {
            cl.parseArgs(args.toArray(String[]::new));
        } catch (ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return options;
    }

    /** The version of the build: the jar manifest's, else the one Maven wrote into the classes. */
    public static String version() {
        String manifest = Cli.class.getPackage().getImplementationVersion();
        if (manifest != null) {
            return manifest;
        }
        try (InputStream in = Cli.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown (built without Maven)";
            }
            Properties p = new Properties();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code --version}: "dpbandit 0.1.0". */
    public static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"dpbandit " + version()};
        }
    }

    /** A number whose text is a finite decimal (no NaN, no Infinity). */
    static double finite(String text) {
        double d;
        try {
            d = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not a number");
        }
        if (!Double.isFinite(d)) {
            throw new TypeConversionException("'" + text + "' is not a finite number");
        }
        return d;
    }

    /** For {@code converter =}: a whole number of at least 1. */
    public static final class PositiveInteger implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            try {
                int n = Integer.parseInt(text.trim());
                if (n >= 1) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new TypeConversionException("'" + text + "' is not a whole number of at least 1");
        }
    }

    /** For {@code converter =}: a finite number above 0. */
    public static final class PositiveNumber implements CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            double d = finite(text);
            if (!(d > 0)) {
                throw new TypeConversionException("'" + text + "' is not positive");
            }
            return d;
        }
    }

    /** Exit code 2: the message, what the user may have meant, and the synopsis; no stack trace. */
    private static int usageError(ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println(cl.getCommandName() + ": " + message(e));
        UnmatchedArgumentException.printSuggestions(e, err);
        err.print(cl.getHelp().synopsisHeading() + cl.getHelp().synopsis(0));
        err.printf("Try '%s --help' for more information.%n", cl.getCommandSpec().qualifiedName());
        err.flush();
        return cl.getCommandSpec().exitCodeOnInvalidInput();
    }

    private static String message(ParameterException e) {
        if (!(e instanceof UnmatchedArgumentException u) || u.getUnmatched().isEmpty()) {
            return e.getMessage();
        }
        String arg = u.getUnmatched().get(0);
        if (!arg.startsWith("-")) {
            return e.getCommandLine().getSubcommands().isEmpty() ? "unexpected argument '" + arg + "'"
                    : "unknown command '" + arg + "'";
        }
        int eq = arg.indexOf('=');
        String name = eq < 0 ? arg : arg.substring(0, eq);
        return "unknown option " + name + (eq < 0 && name.contains(".")
                ? " (Spring properties are given as " + name + "=VALUE)" : "");
    }

    /**
     * An {@link IllegalArgumentException} from a command means the arguments describe something the
     * logic refuses (a linear policy on a kernel world, an unknown environment): exit code 2 with its
     * message. Anything else is a failure: exit code 1 with the stack trace, since it is a bug.
     */
    private static int failure(Exception e, CommandLine cl) {
        PrintWriter err = cl.getErr();
        if (e instanceof IllegalArgumentException) {
            err.println(cl.getCommandName() + ": " + e.getMessage());
            err.flush();
            return USAGE;
        }
        err.println(cl.getCommandName() + ": failed: " + e);
        e.printStackTrace(err);
        err.flush();
        return FAILED;
    }
}
