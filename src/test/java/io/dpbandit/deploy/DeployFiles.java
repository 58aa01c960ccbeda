package io.dpbandit.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import io.dpbandit.testing.RepositoryPaths;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.yaml.snakeyaml.Yaml;

/**
 * Reads the repository's deployment-relevant files (Dockerfile, pom.xml, application.yml) for the
 * deployment tests. Paths are relative to the project root, Maven's working directory for tests.
 */
final class DeployFiles {

    private DeployFiles() {
    }

    /** The repository root: Dockerfile, .dockerignore, helm/. */
    static Path root() {
        return RepositoryPaths.root();
    }

    /** The project root: its pom.xml, src/ and target/. */
    static Path module() {
        return RepositoryPaths.root();
    }

    static String read(String relative) {
        try {
            return Files.readString(root().resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One Dockerfile instruction: its keyword in upper case and its arguments, continuations joined. */
    record Instruction(String keyword, String arguments) {

        /** The arguments split like a shell would for simple cases: on blanks, honouring double quotes. */
        List<String> words() {
            return DeployFiles.words(arguments);
        }
    }

    /** One build stage: the base image, its {@code AS} name (or null) and its instructions after FROM. */
    record Stage(String image, String name, List<Instruction> instructions) {

        List<Instruction> all(String keyword) {
            return instructions.stream().filter(i -> i.keyword().equals(keyword)).toList();
        }

        /** Variables set with ENV in this stage ({@code ENV A=1 B="x y"}). */
        Map<String, String> env() {
            Map<String, String> env = new LinkedHashMap<>();
            for (Instruction i : all("ENV")) {
                for (String word : i.words()) {
                    int eq = word.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalStateException("use ENV KEY=value, not the legacy form: " + i);
                    }
                    env.put(word.substring(0, eq), word.substring(eq + 1));
                }
            }
            return env;
        }
    }

    /** The Dockerfile's stages in order. Comments (parser directives included) and blank lines are dropped. */
    static List<Stage> dockerfileStages() {
        List<Instruction> instructions = new ArrayList<>();
        StringBuilder pending = new StringBuilder();
        for (String line : read("Dockerfile").split("\n", -1)) {
            String trimmed = line.strip();
            if (trimmed.startsWith("#") || (trimmed.isEmpty() && pending.isEmpty())) {
                continue;
            }
            if (trimmed.endsWith("\\")) {
                pending.append(trimmed, 0, trimmed.length() - 1).append(' ');
                continue;
            }
            pending.append(trimmed);
            String text = pending.toString().strip();
            pending.setLength(0);
            if (!text.isEmpty()) {
                String[] parts = text.split("\\s+", 2);
                instructions.add(new Instruction(parts[0].toUpperCase(), parts.length > 1 ? parts[1] : ""));
            }
        }
        List<Stage> stages = new ArrayList<>();
        Map<String, String> globalArgs = globalArgs();
        for (Instruction i : instructions) {
            if (i.keyword().equals("FROM")) {
                List<String> words = i.words();
                String name = words.size() >= 3 && words.get(1).equalsIgnoreCase("AS") ? words.get(2) : null;
                stages.add(new Stage(expand(words.get(0), globalArgs), name, new ArrayList<>()));
            } else if (stages.isEmpty()) {
                if (!i.keyword().equals("ARG")) {
                    throw new IllegalStateException("instruction before the first FROM: " + i);
                }
            } else {
                stages.get(stages.size() - 1).instructions().add(i);
            }
        }
        return stages;
    }

    /**
     * The ARGs declared before the first FROM with their defaults ({@code ARG NAME=default}): the
     * only variables a FROM line can use.
     */
    static Map<String, String> globalArgs() {
        Map<String, String> args = new LinkedHashMap<>();
        for (String line : read("Dockerfile").split("\n")) {
            String trimmed = line.strip();
            if (trimmed.toUpperCase().startsWith("FROM ")) {
                break;
            }
            if (trimmed.toUpperCase().startsWith("ARG ")) {
                String declaration = trimmed.substring(4).strip();
                int eq = declaration.indexOf('=');
                if (eq > 0) {
                    args.put(declaration.substring(0, eq), declaration.substring(eq + 1));
                } else {
                    args.put(declaration, "");
                }
            }
        }
        return args;
    }

    /** {@code ${NAME}} and {@code $NAME} replaced by the ARG's default. */
    static String expand(String text, Map<String, String> args) {
        Matcher m = Pattern.compile("\\$\\{(\\w+)}|\\$(\\w+)").matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2);
            if (!args.containsKey(name)) {
                throw new IllegalStateException("FROM uses " + name + ", which no ARG before the first FROM declares");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(args.get(name)));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The final stage: the image that is shipped. */
    static Stage runtimeStage() {
        List<Stage> stages = dockerfileStages();
        return stages.get(stages.size() - 1);
    }

    /** The numeric user the image runs as (the last USER of the final stage, before any ':group'). */
    static int imageUid() {
        List<Instruction> users = runtimeStage().all("USER");
        if (users.isEmpty()) {
            throw new IllegalStateException("the final stage sets no USER");
        }
        String user = users.get(users.size() - 1).arguments().strip().split(":")[0];
        return Integer.parseInt(user);
    }

    /** The port the final stage EXPOSEs (exactly one). */
    static int exposedPort() {
        List<Instruction> exposes = runtimeStage().all("EXPOSE");
        if (exposes.size() != 1 || exposes.get(0).words().size() != 1) {
            throw new IllegalStateException("expected exactly one EXPOSEd port, got " + exposes);
        }
        return Integer.parseInt(exposes.get(0).arguments().strip().split("/")[0]);
    }

    /** build/finalName of the service's pom.xml: the jar is target/{finalName}.jar. */
    static String mavenFinalName() {
        return pomElement(module().resolve("pom.xml"), "build", "finalName");
    }

    /** The java.version property of the root pom.xml, which every module inherits. */
    static String mavenJavaVersion() {
        return pomElement(root().resolve("pom.xml"), "properties", "java.version");
    }

    private static String pomElement(Path pom, String parent, String child) {
        try {
            var factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Element project = factory.newDocumentBuilder().parse(pom.toFile())
                    .getDocumentElement();
            for (Node p = project.getFirstChild(); p != null; p = p.getNextSibling()) {
                if (p instanceof Element pe && pe.getTagName().equals(parent)) {
                    for (Node c = pe.getFirstChild(); c != null; c = c.getNextSibling()) {
                        if (c instanceof Element ce && ce.getTagName().equals(child)) {
                            return ce.getTextContent().strip();
                        }
                    }
                }
            }
            throw new IllegalStateException("pom.xml has no project/" + parent + "/" + child);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read pom.xml", e);
        }
    }

    /** The port the service listens on when PORT is unset: the default of server.port in application.yml. */
    static int defaultServerPort() {
        Map<String, Object> yaml = new Yaml().load(read("src/main/resources/application.yml"));
        @SuppressWarnings("unchecked")
        Object port = ((Map<String, Object>) yaml.get("server")).get("port");
        Matcher placeholder = Pattern.compile("\\$\\{[^:}]+:(\\d+)}").matcher(String.valueOf(port));
        return placeholder.matches() ? Integer.parseInt(placeholder.group(1)) : Integer.parseInt(String.valueOf(port));
    }

    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean inWord = false;
        for (char c : text.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
                inWord = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
