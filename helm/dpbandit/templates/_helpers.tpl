{{/* Chart name, overridable with nameOverride. */}}
{{- define "dpbandit.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Fully qualified app name: the release name, or release-chart when it does not contain the chart name. */}}
{{- define "dpbandit.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "dpbandit.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "dpbandit.labels" -}}
helm.sh/chart: {{ include "dpbandit.chart" . }}
{{ include "dpbandit.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "dpbandit.selectorLabels" -}}
app.kubernetes.io/name: {{ include "dpbandit.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "dpbandit.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "dpbandit.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* Secret holding the database password: the existing one, or the one this chart creates. */}}
{{- define "dpbandit.databaseSecretName" -}}
{{- if .Values.database.existingSecret }}
{{- .Values.database.existingSecret }}
{{- else }}
{{- printf "%s-db" (include "dpbandit.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "dpbandit.databaseSecretKey" -}}
{{- if .Values.database.existingSecret }}
{{- required "database.existingSecretPasswordKey is required with database.existingSecret" .Values.database.existingSecretPasswordKey }}
{{- else }}
{{- print "password" }}
{{- end }}
{{- end }}

{{- define "dpbandit.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion (toString .Values.image.tag)) }}
{{- end }}

{{/*
Flattens a map of Spring Boot properties into "ENV_NAME: value" lines, mapping names the way
Spring Boot binds environment variables: dots become underscores, dashes are removed, upper case.
Lists become comma-separated values.
Arguments: dict "prefix" (string, "" at the top) "values" (map).
*/}}
{{- define "dpbandit.springEnv" -}}
{{- $prefix := .prefix }}
{{- range $key, $value := .values }}
{{- $name := ternary $key (printf "%s.%s" $prefix $key) (eq $prefix "") }}
{{- if kindIs "map" $value }}
{{- include "dpbandit.springEnv" (dict "prefix" $name "values" $value) }}
{{- else }}
{{- $text := toString $value }}
{{- if kindIs "invalid" $value }}
{{- $text = "" }}
{{- else if kindIs "slice" $value }}
{{- $text = join "," $value }}
{{- else if and (kindIs "float64" $value) (eq (floor $value) $value) }}
{{- /* YAML integers arrive as float64; print 1000000, not 1e+06 */}}
{{- $text = int64 $value | toString }}
{{- end }}
{{ $name | replace "-" "" | replace "." "_" | upper }}: {{ $text | quote }}
{{- end }}
{{- end }}
{{- end }}

{{/* The Secret holding the release-key secret: the one named, or the chart's own. */}}
{{- define "dpbandit.releaseKeySecretName" -}}
{{- if .Values.releaseKeySecret.existingSecret }}
{{- .Values.releaseKeySecret.existingSecret }}
{{- else if .Values.releaseKeySecret.value }}
{{- printf "%s-release-key" (include "dpbandit.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- fail "releaseKeySecret.existingSecret or releaseKeySecret.value is required: the service refuses to start on an external database without a digest secret (at least 32 characters; see values.yaml)" }}
{{- end }}
{{- end }}

{{/*
The separate management port (management.server.port) as a number, or "" when ports.management is
0 or empty and the Actuator stays on the http port.
*/}}
{{- define "dpbandit.managementPort" -}}
{{- $management := int (default 0 .Values.ports.management) }}
{{- if gt $management 0 }}
{{- if eq $management (int .Values.ports.http) }}
{{- fail "ports.management must differ from ports.http (0 keeps the Actuator on the http port)" }}
{{- end }}
{{- $management }}
{{- end }}
{{- end }}
