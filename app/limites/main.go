// Command limites mide lo que cuesta leer entradas grandes u hostiles con
// cada lector de la biblioteca: los léxicos de texto (también en gzip), los
// DAWG y los GADDAG codificados, GCG, CGP, los tableros y las ocurrencias
// escritos en texto, la notación de las jugadas y los tableros de premios
// (las tablas de hojas de analisis/hojas son binarias y tienen sus propias
// pruebas de límites). Cada caso corre en un proceso hijo (el mismo
// programa con -caso), que mide el tiempo de la lectura; el padre toma el
// pico de memoria del hijo (la memoria residente máxima, con el runtime de
// Go y la entrada ya leída incluidos: el VmHWM de /proc/self/status) y escribe una tabla en Markdown: caso,
// lector, tamaño de la entrada, tiempo, pico de memoria, largo del mensaje
// de error y el resultado.
//
// Uso:
//
//	go run ./app/limites [-casos regexp] [-plazo 60s] [-dir directorio]
//
// Opciones:
//
//	-casos regexp  solo los casos cuyo nombre coincide (por omisión, todos)
//	-plazo d       tiempo máximo de cada caso: al pasarlo se mata al hijo y
//	               la tabla dice "> d" (por omisión 60s)
//	-memoria n     memoria residente máxima de cada caso, en bytes: al
//	               pasarla se mata al hijo (por omisión 4 GiB)
//	-dir d         dónde escribir las entradas (por omisión, un directorio
//	               temporal que se borra al terminar)
//	-lista         escribe los casos y sale
//	-caso nombre   corre solo ese caso en este proceso, sobre -entrada, y
//	               escribe el resultado en JSON (lo usa el padre)
//
// Las cifras dependen de la máquina; las de referencia están en el README.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
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

func main() { programa.Salir("limites", ejecutar(os.Args[1:], os.Stdout)) }

var encabezado = []string{
	"Uso: limites [-casos regexp] [-plazo 60s] [-dir directorio]",
	"Lee entradas grandes u hostiles con cada lector, cada una en un proceso hijo, y escribe",
	"una tabla con el tamaño, el tiempo y el pico de memoria de cada caso.",
}

// resultado es lo que el hijo informa de un caso.
type resultado struct {
	Nanos   int64  `json:"nanos"`
	Pico    int64  `json:"pico"` // VmHWM del hijo, en bytes
	Error   string `json:"error,omitempty"`
	LargoEr int    `json:"largo_error"`
	Nota    string `json:"nota,omitempty"`
}

func ejecutar(args []string, salida io.Writer) error {
	flags := flag.NewFlagSet("limites", flag.ContinueOnError)
	filtro := flags.String("casos", "", "`regexp` de los casos a correr (por omisión, todos)")
	plazo := flags.Duration("plazo", 60*time.Second, "`tiempo` máximo de cada caso")
	tope := flags.Int64("memoria", 4<<30, "`bytes` de memoria residente con que se mata a un hijo")
	dir := flags.String("dir", "", "`directorio` donde escribir las entradas (por omisión, uno temporal)")
	lista := flags.Bool("lista", false, "escribe los casos y sale")
	unCaso := flags.String("caso", "", "corre solo el caso `nombre` en este proceso, sobre -entrada")
	entrada := flags.String("entrada", "", "con -caso, el `archivo` de la entrada")
	if ayuda, err := programa.Leer(flags, args, salida, encabezado...); ayuda || err != nil {
		return err
	}
	if flags.NArg() > 0 {
		return programa.DeUso("argumentos de más: %q", flags.Args())
	}
	if *unCaso != "" {
		c, ok := buscar(*unCaso)
		if !ok {
			return programa.DeUso("no hay un caso %q (con -lista, los casos)", *unCaso)
		}
		return correrHijo(c, *entrada, salida)
	}
	re, err := regexp.Compile(*filtro)
	if err != nil {
		return programa.DeUso("-casos: %v", err)
	}
	if *plazo <= 0 {
		return programa.DeUso("-plazo debe ser positivo")
	}
	var elegidos []caso
	for _, c := range casos() {
		if re.MatchString(c.nombre) {
			elegidos = append(elegidos, c)
		}
	}
	if *lista {
		for _, c := range elegidos {
			fmt.Fprintf(salida, "%-28s %-26s %s\n", c.nombre, c.lector, c.que)
		}
		return nil
	}
	if len(elegidos) == 0 {
		return programa.DeUso("ningún caso coincide con %q", *filtro)
	}
	if *dir == "" {
		d, err := os.MkdirTemp("", "limites")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		*dir = d
	}
	yo, err := os.Executable()
	if err != nil {
		return err
	}
	fmt.Fprintln(salida, "| caso | lector | entrada | tiempo | pico de memoria | error (bytes) | resultado |")
	fmt.Fprintln(salida, "|---|---|---:|---:|---:|---:|---|")
	for _, c := range elegidos {
		ruta := filepath.Join(*dir, c.nombre)
		tam, err := generar(c, ruta)
		if err != nil {
			return fmt.Errorf("%s: %w", c.nombre, err)
		}
		fila := medir(yo, c, ruta, *plazo, *tope)
		fmt.Fprintf(salida, "| %s | %s | %s | %s | %s | %s | %s |\n", c.nombre, c.lector, bytesLegibles(tam), fila.tiempo, fila.memoria, fila.largoError, fila.resultado)
	}
	return nil
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
