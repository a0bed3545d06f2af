// Package limites mide lo que cuesta leer entradas grandes u hostiles con
// cada lector de la biblioteca (el programa app/cmd/limites): cada caso
// corre en un proceso hijo (el mismo programa, que llama a [CorrerCaso]),
// que mide el tiempo de la lectura; el padre ([Correr]) toma el pico de
// memoria residente del hijo y escribe una tabla en Markdown.
package limites

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/juegodepalabras/palabras/internal/programa"
)

// Opciones son las de la medición.
type Opciones struct {
	Casos   string        // regexp de los casos a correr ("" todos)
	Plazo   time.Duration // tiempo máximo de cada caso
	Memoria int64         // bytes de memoria residente con que se mata a un hijo
	Dir     string        // dónde escribir las entradas ("" uno temporal)
	Lista   bool          // solo escribir los casos
}

// resultado es lo que el hijo informa de un caso.
type resultado struct {
	Nanos   int64  `json:"nanos"`
	Pico    int64  `json:"pico"` // VmHWM del hijo, en bytes
	Error   string `json:"error,omitempty"`
	LargoEr int    `json:"largo_error"`
	Nota    string `json:"nota,omitempty"`
}

// Correr corre los casos de op, cada uno en un proceso hijo (este mismo
// ejecutable con -caso nombre -entrada ruta), y escribe la tabla en salida;
// con op.Lista solo escribe los casos.
func Correr(op Opciones, salida io.Writer) error {
	re, err := regexp.Compile(op.Casos)
	if err != nil {
		return programa.DeUso("-casos: %v", err)
	}
	if op.Plazo <= 0 {
		return programa.DeUso("-plazo debe ser positivo")
	}
	var elegidos []caso
	for _, c := range casos() {
		if re.MatchString(c.nombre) {
			elegidos = append(elegidos, c)
		}
	}
	if op.Lista {
		for _, c := range elegidos {
			fmt.Fprintf(salida, "%-28s %-26s %s\n", c.nombre, c.lector, c.que)
		}
		return nil
	}
	if len(elegidos) == 0 {
		return programa.DeUso("ningún caso coincide con %q", op.Casos)
	}
	if op.Dir == "" {
		d, err := os.MkdirTemp("", "limites")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		op.Dir = d
	}
	yo, err := os.Executable()
	if err != nil {
		return err
	}
	fmt.Fprintln(salida, "| caso | lector | entrada | tiempo | pico de memoria | error (bytes) | resultado |")
	fmt.Fprintln(salida, "|---|---|---:|---:|---:|---:|---|")
	for _, c := range elegidos {
		ruta := filepath.Join(op.Dir, c.nombre)
		tam, err := generar(c, ruta)
		if err != nil {
			return fmt.Errorf("%s: %w", c.nombre, err)
		}
		fila := medir(yo, c, ruta, op.Plazo, op.Memoria)
		fmt.Fprintf(salida, "| %s | %s | %s | %s | %s | %s | %s |\n", c.nombre, c.lector, bytesLegibles(tam), fila.tiempo, fila.memoria, fila.largoError, fila.resultado)
	}
	return nil
}

// CorrerCaso corre el caso nombre sobre el archivo entrada en este
// proceso y escribe el resultado en JSON en salida: lo que hace el hijo.
func CorrerCaso(nombre, entrada string, salida io.Writer) error {
	c, ok := buscar(nombre)
	if !ok {
		return programa.DeUso("no hay un caso %q (con -lista, los casos)", nombre)
	}
	return correrHijo(c, entrada, salida)
}

// Nombres devuelve los nombres de todos los casos.
func Nombres() []string {
	var ns []string
	for _, c := range casos() {
		ns = append(ns, c.nombre)
	}
	return ns
}

// generar escribe la entrada del caso c en ruta, si no está, y devuelve su
// tamaño.
func generar(c caso, ruta string) (int64, error) {
	if st, err := os.Stat(ruta); err == nil {
		return st.Size(), nil
	}
	f, err := os.Create(ruta + ".tmp")
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	err = c.generar(w)
	err = errors.Join(err, w.Flush(), f.Close())
	if err == nil {
		err = os.Rename(ruta+".tmp", ruta)
	}
	if err != nil {
		return 0, err
	}
	st, err := os.Stat(ruta)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// fila es una fila de la tabla, ya escrita.
type fila struct {
	tiempo, memoria, largoError, resultado string
}

// medir corre el caso c sobre ruta en un proceso hijo.
func medir(yo string, c caso, ruta string, plazo time.Duration, tope int64) fila {
	ctx, cancelar := context.WithTimeout(context.Background(), plazo)
	defer cancelar()
	cmd := exec.CommandContext(ctx, yo, "-caso", c.nombre, "-entrada", ruta)
	var sal, errs strings.Builder
	cmd.Stdout, cmd.Stderr = &sal, &errs
	inicio := time.Now()
	if err := cmd.Start(); err != nil {
		return fila{tiempo: "–", memoria: "–", largoError: "–", resultado: "no se pudo correr el hijo: " + err.Error()}
	}
	// El pico del hijo se mira también desde afuera, por si hay que
	// matarlo: el que informa el hijo es el de su propio proceso, sin el
	// del padre (que al crear el hijo comparte su memoria).
	var visto atomic.Int64
	var excedido atomic.Bool
	listo := make(chan struct{})
	go func() {
		for {
			visto.Store(max(visto.Load(), pico(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))))
			if visto.Load() > tope && !excedido.Swap(true) {
				cmd.Process.Kill()
			}
			select {
			case <-listo:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	err := cmd.Wait()
	close(listo)
	pared := time.Since(inicio)
	memoria := "?"
	if v := visto.Load(); v > 0 {
		memoria = bytesLegibles(v)
	}
	switch {
	case excedido.Load():
		return fila{tiempo: redondear(pared) + " (pared)", memoria: "> " + bytesLegibles(tope), largoError: "–", resultado: "se mató al hijo al pasar el tope de memoria"}
	case ctx.Err() != nil:
		return fila{tiempo: "> " + plazo.String(), memoria: "≥ " + memoria, largoError: "–", resultado: "se mató al hijo al pasar el plazo"}
	}
	var r resultado
	if err == nil && json.Unmarshal([]byte(sal.String()), &r) == nil && r.Pico > 0 {
		memoria = bytesLegibles(r.Pico)
	}
	if err != nil || json.Unmarshal([]byte(sal.String()), &r) != nil {
		motivo := strings.TrimSpace(errs.String())
		if len(motivo) > 120 {
			motivo = motivo[:120] + "…"
		}
		return fila{tiempo: redondear(pared) + " (pared)", memoria: memoria, largoError: "–",
			resultado: fmt.Sprintf("el hijo falló (%v): %s", err, strings.ReplaceAll(motivo, "\n", " "))}
	}
	res := "acepta"
	if r.Error != "" {
		res = "rechaza: " + r.Error
	}
	if r.Nota != "" {
		res += " (" + r.Nota + ")"
	}
	largo := "–"
	if r.Error != "" {
		largo = fmt.Sprint(r.LargoEr)
	}
	return fila{tiempo: redondear(time.Duration(r.Nanos)), memoria: memoria, largoError: largo, resultado: strings.ReplaceAll(res, "|", "\\|")}
}

// correrHijo corre el caso c sobre el archivo ruta y escribe el resultado
// en salida.
func correrHijo(c caso, ruta string, salida io.Writer) error {
	f, err := os.Open(ruta)
	if err != nil {
		return err
	}
	defer f.Close()
	var texto string
	if !c.flujo {
		b, err := os.ReadFile(ruta) // del tamaño justo
		if err != nil {
			return err
		}
		if len(b) > 0 {
			texto = unsafe.String(&b[0], len(b)) // sin copiarla: la entrada cuenta una vez
		}
	}
	inicio := time.Now()
	nota, err := c.correr(f, texto)
	r := resultado{Nanos: time.Since(inicio).Nanoseconds(), Nota: nota}
	if err != nil {
		msg := err.Error()
		r.LargoEr = len(msg)
		if len(msg) > 160 {
			msg = strings.ToValidUTF8(msg[:160], "") + "…"
		}
		r.Error = strings.ReplaceAll(msg, "\n", " ")
	}
	r.Pico = pico("/proc/self/status")
	return json.NewEncoder(salida).Encode(r)
}

// pico devuelve el VmHWM (la memoria residente máxima) del archivo de
// estado de un proceso, en bytes, o 0 si no se puede leer.
func pico(ruta string) int64 {
	b, err := os.ReadFile(ruta)
	if err != nil {
		return 0
	}
	for _, linea := range strings.Split(string(b), "\n") {
		if resto, ok := strings.CutPrefix(linea, "VmHWM:"); ok {
			var kb int64
			fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(resto), " kB"), &kb)
			return kb * 1024
		}
	}
	return 0
}

func redondear(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%.0f µs", float64(d)/float64(time.Microsecond))
	case d < time.Second:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

func bytesLegibles(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	case n < 1<<30:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.2f GB", float64(n)/(1<<30))
}
