# syntax=docker/dockerfile:1

# Image for the dpbandit service: build with `docker build -t dpbandit .`, or without a Docker engine
# with image/build.sh (buildah and mmdebstrap; see docs/deployment.md).
# It needs an external PostgreSQL (SPRING_DATASOURCE_URL, _USERNAME, _PASSWORD).

# Base images are fully qualified, so Docker, Podman and Buildah resolve them the same way. They are
# build arguments so that image/build.sh can build the same stages on Debian bases of its own
# (mmdebstrap, no registry): any Maven 3 on a JDK 17, and any JRE 17 with useradd, will do.
ARG BUILD_IMAGE=docker.io/library/maven:3.9-eclipse-temurin-17
ARG RUNTIME_IMAGE=docker.io/library/eclipse-temurin:17-jre

# ---- Stage 1: build the Spring Boot jar and split it into layers ------------------------------------
FROM ${BUILD_IMAGE} AS build
WORKDIR /workspace
COPY pom.xml ./
# The API document: the tests' generated client is built from it, and -DskipTests still compiles tests.
COPY openapi.yaml ./
COPY src src
# The cache mount keeps ~/.m2 between builds (BuildKit, the default builder since Docker 23; buildah).
RUN --mount=type=cache,target=/root/.m2 \
    mvn -B -ntp -DskipTests package
# One directory per layer, launcher included, in the order list-layers prints them.
RUN java -Djarmode=tools -jar target/dpbandit.jar extract --layers --launcher --destination extracted

# ---- Stage 2: run on a JRE as a non-root user -------------------------------------------------------
FROM ${RUNTIME_IMAGE}
RUN groupadd --system --gid 10001 dpbandit \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /app \
            --shell /usr/sbin/nologin dpbandit
WORKDIR /app
# Least to most frequently changed, so a code change rebuilds only the last layer.
COPY --from=build /workspace/extracted/dependencies/ ./
COPY --from=build /workspace/extracted/spring-boot-loader/ ./
COPY --from=build /workspace/extracted/snapshot-dependencies/ ./
COPY --from=build /workspace/extracted/application/ ./
USER 10001:10001

# A missing SPRING_DATASOURCE_URL is a startup error, never a silent embedded database.
# JAVA_TOOL_OPTIONS sizes the heap from the container's memory limit; setting it replaces these flags.
ENV DPBANDIT_EMBEDDED_POSTGRES_ENABLED=false \
    JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError"
EXPOSE 8080
# No HEALTHCHECK: the JRE image has no curl or wget. Orchestrators probe /actuator/health/liveness
# and /actuator/health/readiness instead (the Helm chart does).
ENTRYPOINT ["java", "org.springframework.boot.loader.launch.JarLauncher"]
